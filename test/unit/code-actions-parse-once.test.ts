// One code-action request parses an event at most once: on an event of thousands of dotted keys each fix and the
// fix-all share the request's parse (it was parsed again for each, 8 to 12 s for 100,000 keys).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCounter } from '../../server/src/document/parseCounter';
import { releaseTree } from '../../server/src/kinds/events/parsedEvent';
import { service } from './diagnostics-fixture';
import { parseEvents } from '../helpers/events';

test('code actions over an event of 2,000 dotted keys parse it once, and offer each fix and the fix-all', () => {
  const keys = Array.from({ length: 2000 }, (_, i) => `"labels.k${i}":"v${i}"`).join(',');
  const text = `{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},${keys}}\n`;
  const lsp = service({ codes: ['dotted-key'] });
  const doc = parseEvents(lsp, text, 'ndjson');
  const diagnostics = lsp.diagnostics(doc, 'events/big.ndjson').filter((d) => d.code === 'dotted-key');
  assert.equal(diagnostics.length, 2000);
  // As the language server leaves it after checking: the tree released, rebuilt on demand.
  for (const event of doc.events) releaseTree(event);
  for (const range of [{ start: diagnostics[0].start, end: diagnostics[0].end }, { start: 0, end: text.length }]) {
    const before = parseCounter.events;
    const actions = lsp.codeActions(doc, 'events/big.ndjson', range, []);
    assert.equal(parseCounter.events - before, 1, `parses for code actions in ${JSON.stringify(range)}`);
    assert.ok(actions.some((a) => a.kind === 'source.fixAll'), 'the fix-all is offered');
    assert.ok(actions.some((a) => a.kind === 'quickfix' && a.title.includes('labels.k0')), 'the fix of the first key is offered');
  }
});

test('deferred, the fix-all comes without its edits and costs no parse; resolved, it gives the edits an eager answer carries', () => {
  const keys = Array.from({ length: 300 }, (_, i) => `"labels.k${i}":"v${i}"`).join(',');
  const text = `{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},${keys}}\n`;
  const lsp = service({ codes: ['dotted-key'] });
  const doc = parseEvents(lsp, text, 'ndjson');
  const file = 'events/big.ndjson';
  const first = lsp.diagnostics(doc, file).find((d) => d.code === 'dotted-key')!;
  for (const event of doc.events) releaseTree(event);
  const range = { start: first.start, end: first.end };
  const eager = lsp.codeActions(doc, file, range, []);
  const before = parseCounter.events;
  const deferred = lsp.codeActions(doc, file, range, [], true);
  assert.equal(parseCounter.events - before, 1, 'only the quick fix under the caret parses the event');
  const lazyAll = deferred.find((a) => a.kind === 'source.fixAll')!;
  const eagerAll = eager.find((a) => a.kind === 'source.fixAll')!;
  assert.ok(lazyAll.deferred && lazyAll.edits.length === 0, 'sent without its edits');
  assert.equal(lazyAll.title, eagerAll.title);
  assert.deepEqual(deferred.filter((a) => a.kind === 'quickfix'), eager.filter((a) => a.kind === 'quickfix'), 'quick fixes come as before');
  assert.ok(eagerAll.edits.length > 0);
  assert.deepEqual(lsp.fixAll(doc, file, lazyAll.code), eagerAll.edits);
});
