// The kinds' warm-up (LanguageService.warmUp: each kind's first request run once per catalog) scheduled after the
// diagnostics being answered are written: the JSON-RPC writer writes on the next turn of the event loop, so one turn
// is not enough to keep it from delaying a pulled answer.
import type { DocumentFormat } from '../document/model';
import type { LanguageService } from '../service/languageService';

export function warmUp(service: LanguageService, format: DocumentFormat, file: string): void {
  setImmediate(() => setImmediate(() => service.warmUp(format, file)));
}
