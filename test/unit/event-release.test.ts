// An event's tree can be dropped once its diagnostics are cached (the language server does so after checking) and
// is rebuilt from the text when a feature reads it again: nothing a user sees may change, and nothing is re-checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog } from '../../server/src/catalog';
import type { DocumentFormat } from '../../server/src/document/model';
import { parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { EventView } from '../../server/src/document/fieldRefs';
import { eventKey, releaseTree } from '../../server/src/kinds/events/parsedEvent';
import { checkCounter } from '../../server/src/kinds/events/eventFindings';
import { LanguageService } from '../../server/src/service/languageService';
import { plainEvents } from '../helpers/plainTree';

const service = new LanguageService(loadCatalog());

const documents: Array<{ format: DocumentFormat; text: string }> = [
  { format: 'json', text: '[\n  {"source": {"ip": "10.0.0.1"}, "event": {"kind": "alarm"}},\n  {"host": {"name": "web-1", "ip": [1]}}\n]' },
  { format: 'json', text: '[\n  {"source": {"ip": "10.0.0.1"}, "event": {"kind": },\n  {"user": {"name": "x"}}\n]' },
  { format: 'ndjson', text: '{"source": {"port": "eighty"}}\n{"destination": {"ip": "1.2.3.4"' },
  { format: 'yaml', text: '- source:\n    ip: 10.0.0.1  # fieldwise-disable-line\n  event:\n    kind: alarm\n- host:\n    name: [web-1\n' },
  { format: 'json', text: `[${'['.repeat(1000)}${']'.repeat(1000)}, {"event": {"kind": "alarm"}}]` },
];

function released(format: DocumentFormat, text: string): ReturnType<typeof parseEventDocument> {
  const doc = parseEventDocument(text, format);
  for (const event of doc.events) {
    void event.root;
    releaseTree(event);
  }
  return doc;
}

test('a released event reads back the same tree, errors and diagnostics as a fresh parse', () => {
  for (const { format, text } of documents) {
    const fresh = parseEventDocument(text, format);
    const doc = released(format, text);
    assert.deepEqual(plainEvents(doc.events), plainEvents(fresh.events), `${format}: ${text.slice(0, 40)}`);
    assert.deepEqual(service.diagnostics(doc, `events/x.${format}`), service.diagnostics(fresh, `events/x.${format}`));
  }
});

test('one view of a released event keeps one tree, so its references point into the tree it reads', () => {
  const doc = released('json', documents[0].text);
  const view = new EventView(doc.events[0]);
  assert.ok(view.root && view.root.kind === 'object');
  assert.equal(view.root, view.root);
  const [first] = view.all('source.ip');
  assert.equal(first.property, view.root.properties[0].value?.kind === 'object' ? view.root.properties[0].value.properties[0] : undefined);
});

test('completion and hover answer the same on a released event', () => {
  const { text } = documents[0];
  const at = text.indexOf('"ip"') + 2;
  const fresh = parseEventDocument(text, 'json');
  const doc = released('json', text);
  assert.deepEqual(service.complete(doc, 'events/x.json', at), service.complete(fresh, 'events/x.json', at));
  assert.deepEqual(service.hover(doc, 'events/x.json', at), service.hover(fresh, 'events/x.json', at));
});

test('an unchanged event keeps its key and cached diagnostics across an edit, whether or not its tree was released', () => {
  const before = released('yaml', documents[3].text);
  service.diagnostics(before, 'events/x.yaml');
  const edited = documents[3].text.replace('name: [web-1', 'name: web-1');
  const after = parseEventDocument(edited, 'yaml', before);
  assert.equal(eventKey(after.events[0]), eventKey(before.events[0]));
  assert.notEqual(eventKey(after.events[1]), eventKey(before.events[1]));
  const checked = checkCounter.events;
  service.diagnostics(after, 'events/x.yaml');
  assert.equal(checkCounter.events - checked, 1, 'only the edited event is checked again');
});
