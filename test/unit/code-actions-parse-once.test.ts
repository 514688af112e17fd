// One code-action request parses an event at most once: on an event of thousands of dotted keys each fix and the
// fix-all share the request's parse (it was parsed again for each, 8 to 12 s for 100,000 keys).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCounter } from '../../server/src/document/parseCounter';
import { releaseTree } from '../../server/src/document/parsedEvent';
import { service } from './diagnostics-fixture';

test('code actions over an event of 2,000 dotted keys parse it once, and offer each fix and the fix-all', () => {
  const keys = Array.from({ length: 2000 }, (_, i) => `"labels.k${i}":"v${i}"`).join(',');
  const text = `{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},${keys}}\n`;
  const lsp = service({ codes: ['dotted-key'] });
  const doc = lsp.parse(text, 'ndjson');
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
