// How much text Fieldwise analyses: an event longer than this is kept as text, never parsed (one information
// diagnostic says so); whole files have a setting of their own (fieldwise.maxFileSize, lsp/sizeLimit.ts).
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

/** A length in characters as megabytes for a message, one decimal. */
export function megabytes(chars: number): string {
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}
