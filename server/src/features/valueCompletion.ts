// Value completion: allowed and recommended values, booleans, the schema's version and the current time for dates.
import type { FieldDefinition } from '../catalog/types';
import type { EventView } from '../document/fieldRefs';
import type { PositionContext } from '../document/positionContext';
import type { FeatureEnv } from './env';
import { writerFor } from '../document/syntaxes/writerFor';
import { jsonCommaBefore, snippetEscape } from './insertText';
import type { CompletionEntry } from './types';

export type ValueContext = Extract<PositionContext, { kind: 'value' }>;

interface Suggestion {
  value: string | boolean;
  /** What the value is, shown before the level: `allowed value`, `current time`. */
  what: string;
}

/** The path of the field whose value holds the version an event conforms to. */
const VERSION_FIELD = 'schema.version';

export function valueCompletions(view: EventView, ctx: ValueContext, env: FeatureEnv, now: () => Date = () => new Date()): CompletionEntry[] {
  const resolution = env.catalog.resolve(ctx.ref.path);
  if (resolution.kind !== 'field') return [];
  const field = resolution.field;
  const present = ctx.inArray ? itemsPresent(ctx) : new Set<string>();
  const suggestions = suggestionsFor(field, env, now).filter((s) => !present.has(String(s.value)));
  const wrap = field.array && !ctx.inArray;
  const yaml = env.format === 'yaml';
  const writer = writerFor(env.format);
  const quote = quoteOf(view.text, ctx);
  // `key:|` in YAML: a value needs the space after the colon.
  const space = yaml && view.text[ctx.replace.start - 1] === ':' ? ' ' : '';
  // `["network" |]`: the new item needs a comma after the one before it.
  const comma = yaml || !ctx.inArray ? undefined : jsonCommaBefore(view.text, ctx.replace.start);
  return suggestions.map((s, i): CompletionEntry => {
    const one = writer.scalar(s.value, quote);
    const text = space + (wrap ? `[${one}]` : one);
    const label = String(s.value);
    const entry: CompletionEntry = {
      label,
      kind: 'value',
      level: field.level,
      detail: `${s.what} of ${field.path} · ${field.level}`,
      docPath: field.path,
      insertText: snippetEscape(text),
      snippet: true,
      replace: { ...ctx.replace },
      // The client filters with the text from the range's start, an opening quote included.
      filterText: quote && view.text[ctx.replace.start] === quote ? `${quote}${label}` : label,
      sortText: String(i).padStart(4, '0'),
    };
    if (comma) entry.additionalEdits = [comma];
    return entry;
  });
}

function suggestionsFor(field: FieldDefinition, env: FeatureEnv, now: () => Date): Suggestion[] {
  if (field.allowed?.length) return field.allowed.map((value) => ({ value, what: 'allowed value' }));
  if (field.recommended?.length) return field.recommended.map((value) => ({ value, what: 'recommended value' }));
  if (field.type === 'boolean') return [true, false].map((value) => ({ value, what: 'boolean' }));
  if (field.path === VERSION_FIELD) return [{ value: env.catalog.version, what: 'schema version' }];
  if (field.type === 'date') return [{ value: now().toISOString(), what: 'current time (ISO 8601)' }];
  return [];
}

/** Values already in the array around the caret, so they are not offered twice. */
function itemsPresent(ctx: ValueContext): Set<string> {
  const out = new Set<string>();
  const array = ctx.ref.value;
  if (array?.kind !== 'array') return out;
  for (const item of array.items) {
    if (item === ctx.node || item.kind === 'object' || item.kind === 'array' || item.kind === 'invalid') continue;
    out.add(String(item.value));
  }
  return out;
}

/** The quote the user opened the value with, kept by the completion. */
function quoteOf(text: string, ctx: ValueContext): '"' | "'" | undefined {
  const c = text[ctx.replace.start];
  if (c === '"' || c === "'") return c;
  return undefined;
}
