// Feature fixtures: a document with a caret, parsed the way the language service does it, and the edits a client would apply.
import assert from 'node:assert/strict';
import { loadCatalog } from '../../server/src/catalog';
import { applyEdits } from '../../server/src/kinds/events/edits';
import type { Catalog } from '../../server/src/catalog/types';
import { eventAt, parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { EventView } from '../../server/src/document/fieldRefs';
import type { DocumentFormat, EventSlice } from '../../server/src/document/model';
import type { FeatureEnv } from '../../server/src/features/env';
import { FeatureCaches } from '../../server/src/features/featureCaches';
import type { CompletionEntry, TextEdit } from '../../server/src/features/types';
import type { LanguageService, SourceDocument } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { caret } from './caret';

let catalog: Catalog | undefined;

/** The real built-in catalog, loaded once per test file. */
export function testCatalog(): Catalog {
  return (catalog ??= loadCatalog());
}

/** The caches of one language service, shared by the features a test file calls directly. */
const caches = new FeatureCaches();

export function featureEnv(format: DocumentFormat, dottedKeys = false): FeatureEnv {
  return { catalog: testCatalog(), format, settings: defaultSettings, file: 'events/test.json', dottedKeys, caches };
}

export interface AtCaret {
  /** The document text without the caret. */
  text: string;
  /** The event holding the caret. */
  event: EventSlice;
  view: EventView;
  /** The caret as an offset local to the event. */
  local: number;
}

/** Parses a fixture with a `|` caret and finds the event and local offset under it. */
export function atCaret(fixture: string, format: DocumentFormat): AtCaret {
  const { text, offset } = caret(fixture);
  const doc = parseEventDocument(text, format);
  const event = eventAt(doc, offset);
  return { text, event, view: new EventView(event), local: offset - event.start };
}

/** A snippet as the text it leaves in the document once its placeholders are accepted as they are. */
export function expandSnippet(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\d+/g, '')
    .replace(/\\([\\$}])/g, '$1');
}

/** Applies a completion chosen in the event at `eventStart` to the whole document text. */
export function applyCompletion(text: string, eventStart: number, entry: CompletionEntry): string {
  const newText = entry.snippet ? expandSnippet(entry.insertText) : entry.insertText;
  const edits: TextEdit[] = [{ start: entry.replace.start, end: entry.replace.end, newText }, ...(entry.additionalEdits ?? [])];
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, eventStart + edit.start) + edit.newText + out.slice(eventStart + edit.end);
  }
  return out;
}

/** The titles of the code actions at a caret (no diagnostic needed), and the text after the one titled `title` is applied. */
export function codeActionsAt(service: LanguageService, doc: SourceDocument, file: string, offset: number): { titles: string[]; apply(title: string): string } {
  const actions = service.codeActions(doc, file, { start: offset, end: offset }, service.diagnostics(doc, file));
  return {
    titles: actions.map((a) => a.title),
    apply(title: string): string {
      const action = actions.find((a) => a.title === title);
      assert.ok(action, `no action '${title}' in ${actions.map((a) => a.title).join(', ')}`);
      return applyEdits(doc.text, action.edits);
    },
  };
}

/** The text after the quick fix titled `title` for the first `code` diagnostic of a file kind's document is applied. */
export function applyQuickFix(service: LanguageService, doc: SourceDocument, file: string, code: string, title: string): string {
  const d = service.diagnostics(doc, file).find((x) => x.code === code);
  assert.ok(d, `no ${code}`);
  const fixes = service.codeActions(doc, file, d, [d]);
  const fix = fixes.find((f) => f.title === title);
  assert.ok(fix, `no fix '${title}' in ${fixes.map((f) => f.title).join(', ')}`);
  return applyEdits(doc.text, fix.edits);
}
