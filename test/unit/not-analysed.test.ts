// An event past 16 MB is kept as text, never parsed, and reported once as not analysed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCounter } from '../../server/src/document/parseCounter';
import { MAX_EVENT_CHARS } from '../../server/src/document/limits';
import { service } from './diagnostics-fixture';
import { parseEvents } from '../helpers/events';

test('an NDJSON line past 16 MB gets one information diagnostic, the next line is checked as usual', () => {
  const huge = `{"message":"${'x'.repeat(MAX_EVENT_CHARS)}"}`;
  const text = `${huge}\n{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},"source":{"prot":443}}\n`;
  const lsp = service({ codes: ['not-analysed', 'unknown-field', 'syntax-error'] });
  const before = parseCounter.events;
  const found = lsp.diagnostics(parseEvents(lsp, text, 'ndjson'), 'events/huge.ndjson');
  assert.equal(parseCounter.events - before, 1, 'only the normal event is parsed');
  const codes = found.map((d) => [d.code, d.severity, d.start]);
  assert.deepEqual(codes.filter(([code]) => code === 'not-analysed'), [['not-analysed', 'information', 0]]);
  assert.match(found.find((d) => d.code === 'not-analysed')!.message, /16\.0 MB, more than the 16\.0 MB Fieldwise analyses in one event/);
  assert.ok(found.some((d) => d.code === 'unknown-field' && d.start > huge.length), 'the second event is checked');
});
