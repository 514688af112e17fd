// How much text Fieldwise analyses: an event longer than this is kept as text, never parsed (one information
// diagnostic says so); whole files have a setting of their own (fieldwise.maxFileSize, lsp/sizeLimit.ts). And how far
// YAML aliases are expanded.
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

/**
 * How many nodes (keys and list items) YAML aliases may add to one parse: an event of an event document, or a whole
 * file of another kind. A tree shares an anchor's node with each alias to it, and every walk (field references, the
 * rules, completion, hover, edits) visits it once per alias: nested aliases (`b: [*a, *a]`, `c: [*b, *b]`, ...) make
 * that exponential in a few hundred bytes. The YAML parser (yamlValue.ts) counts, per anchor, the nodes a walk visits
 * below it, and leaves an alias unexpanded once this bound would be passed: what is built is bounded, so every walk is.
 */
export const MAX_ALIASED_NODES = 10_000;

/** The diagnostic code of the alias that meets MAX_ALIASED_NODES (features/rules/aliasExpansionLimit.ts reports it). */
export const ALIAS_EXPANSION_LIMIT = 'alias-expansion-limit';

/** A length in characters as megabytes for a message, one decimal. */
export function megabytes(chars: number): string {
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}
