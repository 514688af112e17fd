// Settings over diagnostics: severities per code, codes switched off per workspace or glob, YAML disable-line
// comments; and the engine's promises: cancellation between events, re-checking only the edited event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCounter } from '../../server/src/kinds/events/eventFindings';
import { check, FixtureRow, jsonEvent, ndjsonEvents, service, yamlEvent } from './diagnostics-fixture';
import { parseEvents } from '../helpers/events';

const bad = jsonEvent('"source": {"prot": 443}, "event": {"kind": "evnt"}');

const rows: FixtureRow[] = [
  { name: 'defaults', format: 'json', text: bad, expect: [['unknown-field', 'error', 'prot'], ['invalid-value', 'error', '"evnt"']] },
  {
    name: 'severity override per code',
    format: 'json',
    text: bad,
    options: { settings: { diagnostics: { severity: { 'unknown-field': 'warning', 'invalid-value': 'hint' } } } },
    expect: [['unknown-field', 'warning', 'prot'], ['invalid-value', 'hint', '"evnt"']],
  },
  { name: "severity 'off'", format: 'json', text: bad, options: { settings: { diagnostics: { severity: { 'unknown-field': 'off' } } } }, expect: [['invalid-value', 'error', '"evnt"']] },
  { name: 'disabled everywhere', format: 'json', text: bad, options: { settings: { diagnostics: { disable: ['invalid-value'] } } }, expect: [['unknown-field', 'error', 'prot']] },
  {
    name: 'disabled for a matching glob',
    format: 'json',
    text: bad,
    options: { file: 'legacy/old.json', settings: { diagnostics: { disable: [{ codes: ['unknown-field'], files: ['legacy/**'] }] } } },
    expect: [['invalid-value', 'error', '"evnt"']],
  },
  {
    name: 'not disabled outside the glob',
    format: 'json',
    text: bad,
    options: { file: 'current/new.json', settings: { diagnostics: { disable: [{ codes: ['unknown-field'], files: ['legacy/**'] }] } } },
    expect: [['unknown-field', 'error', 'prot'], ['invalid-value', 'error', '"evnt"']],
  },
  {
    name: 'disabled by a glob with a literal tail (only paths ending in it are matched)',
    format: 'json',
    text: bad,
    options: { file: 'samples/v1/old.sample.json', settings: { diagnostics: { disable: [{ codes: ['unknown-field'], files: ['**/*.sample.json'] }] } } },
    expect: [['invalid-value', 'error', '"evnt"']],
  },
  {
    name: 'a negated glob disables every path but its own',
    format: 'json',
    text: bad,
    options: { file: 'current/new.json', settings: { diagnostics: { disable: [{ codes: ['unknown-field'], files: ['!legacy/**/*.json'] }] } } },
    expect: [['invalid-value', 'error', '"evnt"']],
  },
  {
    name: 'a negated glob leaves its own paths alone',
    format: 'json',
    text: bad,
    options: { file: 'legacy/a/old.json', settings: { diagnostics: { disable: [{ codes: ['unknown-field'], files: ['!legacy/**/*.json'] }] } } },
    expect: [['unknown-field', 'error', 'prot'], ['invalid-value', 'error', '"evnt"']],
  },
  {
    name: 'a glob ending in a brace list',
    format: 'json',
    text: bad,
    options: { file: 'legacy/old.json', settings: { diagnostics: { disable: [{ codes: ['unknown-field'], files: ['legacy/*.{json,ndjson}'] }] } } },
    expect: [['invalid-value', 'error', '"evnt"']],
  },
  { name: 'every code off for a glob', format: 'json', text: bad, options: { file: 'vendor/x.json', settings: { diagnostics: { disable: [{ files: ['vendor/**'] }] } } }, expect: [] },
  { name: 'syntax errors can be switched off too', format: 'json', text: '{"@timestamp": "2024-05-01T12:00:00Z" "schema": {"version": "1.11.0"}}', options: { settings: { diagnostics: { severity: { 'syntax-error': 'warning' } } } }, expect: [['syntax-error', 'warning', '"schema"']] },
  {
    name: 'YAML disable-line for one code',
    format: 'yaml',
    text: yamlEvent('source:\n  prot: 443 # fieldwise-disable-line unknown-field\n  port: "80" # fieldwise-disable-line unknown-field\n'),
    expect: [['type-mismatch', 'error', '"80"']],
  },
  {
    name: 'YAML disable-line for every code',
    format: 'yaml',
    text: yamlEvent('source:\n  prot: "x" # fieldwise-disable-line\nevent:\n  kind: evnt\n'),
    expect: [['invalid-value', 'error', 'evnt']],
  },
  {
    name: 'YAML disable-next-line',
    format: 'yaml',
    text: yamlEvent('event:\n  # fieldwise-disable-next-line invalid-value\n  kind: evnt\n  outcome: nope\n'),
    expect: [['invalid-value', 'error', 'nope']],
  },
  {
    name: 'disable-line in the second YAML document',
    format: 'yaml',
    text: `${yamlEvent('event:\n  kind: evnt\n')}---\n${yamlEvent('event:\n  kind: evnt # fieldwise-disable-line invalid-value\n')}`,
    expect: [['invalid-value', 'error', 'evnt']],
  },
];

for (const row of rows) {
  test(`${row.format}: ${row.name}`, () => {
    assert.deepEqual(check(row.text, row.format, row.options), row.expect, row.text);
  });
}

test('checking stops between events when cancelled', async () => {
  const svc = service();
  const text = Array.from({ length: 50 }, (_, i) => jsonEvent(`"event": {"sequence": ${i + 1}}`)).join('\n');
  const doc = parseEvents(svc, text, 'ndjson');
  let polls = 0;
  const before = checkCounter.events;
  // A pause after every batch of events: the fourth asks, and the check stops there.
  assert.equal(await svc.check(doc, 'events/a.ndjson', { yieldEvery: -1, isCancelled: () => ++polls > 3 }), undefined);
  assert.equal(polls, 4);
  assert.ok(checkCounter.events - before < 50, 'the events after the cancellation are not checked');
});

test('an edit re-checks only the edited event', () => {
  const svc = service();
  const lines = Array.from({ length: 20 }, (_, i) => jsonEvent(`"event": {"sequence": ${i + 1}}`));
  const first = parseEvents(svc, `${lines.join('\n')}\n`, 'ndjson');
  svc.diagnostics(first, 'events/a.ndjson');
  lines[7] = jsonEvent('"event": {"sequence": "eight"}');
  const edited = parseEvents(svc, `${lines.join('\n')}\n`, 'ndjson', first);
  const before = checkCounter.events;
  const found = svc.diagnostics(edited, 'events/a.ndjson');
  assert.equal(checkCounter.events - before, 1);
  assert.equal(found.length, 1);
  assert.equal(found[0].code, 'type-mismatch');
  assert.ok(found[0].start > edited.events[7].start && found[0].end <= edited.events[7].start + edited.events[7].text.length);
});

test('cached events still follow changed settings', () => {
  const text = ndjsonEvents('"source": {"prot": 1}');
  const svc = service();
  const doc = parseEvents(svc, text, 'ndjson');
  assert.equal(svc.diagnostics(doc, 'a.ndjson')[0].severity, 'error');
  const quiet = service({ settings: { diagnostics: { severity: { 'unknown-field': 'information' } } } });
  assert.equal(quiet.diagnostics(doc, 'a.ndjson')[0].severity, 'information');
});
