// The first completion at the top level of an event builds the candidate list of every root name (hundreds, once per
// catalog) and runs cold code. Done once per catalog right after a document's first diagnostics are answered, while
// the user reads them, the first list the user asks for comes warm.
import type { DocumentFormat } from '../document/model';
import type { LanguageService } from '../service/languageService';

const warmed = new WeakSet<object>();

/**
 * A top-level completion in a tiny event of the document's format, run once per catalog after the diagnostics being
 * answered are written: the JSON-RPC writer writes on the next turn of the event loop (setImmediate), so one turn
 * was not enough, and the cold list (30-40 ms) delayed a pulled answer.
 */
export function warmCompletion(service: LanguageService, format: DocumentFormat, file: string): void {
  const catalog = service.currentCatalog;
  if (warmed.has(catalog)) return;
  warmed.add(catalog);
  setImmediate(() => setImmediate(() => {
    const text = format === 'yaml' ? 'a: 1\n' : '{"a": 1}';
    service.complete(service.parse(text, format), file, format === 'yaml' ? 0 : 2);
  }));
}
