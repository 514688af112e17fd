// Event documents as the tests read them: the service's parse of an events file, typed as the events kind's document.
import type { DocumentFormat } from '../../server/src/document/model';
import { fileType } from '../../server/src/document/fileType';
import type { EventDocument } from '../../server/src/kinds/events/eventDocument';
import type { LanguageService, SourceDocument } from '../../server/src/service/languageService';

export type { EventDocument };

/** `text` parsed as an event document in `format`; `previous` lets unchanged events be kept, as in the editor. */
export function parseEvents(service: LanguageService, text: string, format: DocumentFormat, previous?: SourceDocument): EventDocument {
  return service.parse(text, fileType('events', format), previous) as EventDocument;
}
