// Diagnostic rules as a user meets them: events written out as JSON, NDJSON or YAML documents, checked through the
// language service the editor and the command line use, and the code actions it offers applied to the document text.
import YAML from 'yaml';
import type { DocumentFormat, EventSlice } from '../../server/src/document/model';
import { applyEdits } from '../../server/src/kinds/events/edits';
import type { FwDiagnostic, QuickFix, TextEdit } from '../../server/src/features/types';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { testCatalog } from './featureFixture';
import { parseEvents } from './events';

export const FORMATS: readonly DocumentFormat[] = ['json', 'ndjson', 'yaml'];

export type Event = Record<string, unknown>;

/** Events as one document of the format: a pretty JSON array, one compact line each, or YAML documents. */
export function render(events: readonly Event[], format: DocumentFormat): string {
  if (format === 'json') return `${JSON.stringify(events, null, 2)}\n`;
  if (format === 'ndjson') return events.map((e) => `${JSON.stringify(e)}\n`).join('');
  return events.map((e) => YAML.stringify(e)).join('---\n');
}

/** The values of a document's events, read by a standard parser (not Fieldwise's). */
export function readBack(text: string, format: DocumentFormat): unknown[] {
  if (format === 'json') return JSON.parse(text) as unknown[];
  if (format === 'ndjson') return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as unknown);
  return YAML.parseAllDocuments(text).map((d) => {
    if (d.errors.length > 0) throw new Error(`YAML read back with errors: ${d.errors.map((e) => e.message).join('; ')}\n${text}`);
    return d.toJS() as unknown;
  });
}

export interface Seen extends FwDiagnostic {
  /** The index of the event the diagnostic is in. */
  event: number;
  /** The document text it underlines. */
  text: string;
}

const FILE = 'events/test.json';

function service(): LanguageService {
  return new LanguageService(testCatalog(), defaultSettings);
}

/** Every diagnostic of a document through the language service (as the editor and `fieldwise check` get them), with its event and underlined text. */
export function check(text: string, format: DocumentFormat): Seen[] {
  const svc = service();
  const doc = parseEvents(svc, text, format);
  return svc.diagnostics(doc, FILE).map((d) => ({ ...d, event: eventIndexOf(doc.events, d.start), text: text.slice(d.start, d.end) }));
}

function eventIndexOf(events: readonly EventSlice[], offset: number): number {
  return events.findIndex((e) => e.start <= offset && offset <= e.start + e.text.length);
}

/** The code actions the editor is offered at a diagnostic (its quick fixes and, where more than one applies, "fix all"). */
export function actionsAt(text: string, format: DocumentFormat, diagnostic: FwDiagnostic): QuickFix[] {
  const svc = service();
  const doc = parseEvents(svc, text, format);
  const all = svc.diagnostics(doc, FILE);
  return svc.codeActions(doc, FILE, { start: diagnostic.start, end: diagnostic.end }, all);
}

/** The quick fixes of the diagnostic's own code. */
export function fixesFor(text: string, format: DocumentFormat, diagnostic: FwDiagnostic): QuickFix[] {
  return actionsAt(text, format, diagnostic).filter((f) => f.kind === 'quickfix' && f.code === diagnostic.code);
}

/** The edits of "Fix all of this kind in the file" offered at the first diagnostic of the code; undefined when not offered. */
export function fixAllEdits(text: string, format: DocumentFormat, code: string): TextEdit[] | undefined {
  const first = check(text, format).find((d) => d.code === code);
  if (!first) return undefined;
  return actionsAt(text, format, first).find((f) => f.kind === 'source.fixAll' && f.code === code)?.edits;
}

export { applyEdits };
