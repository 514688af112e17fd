// Which completion entries survive the editor's limit (features/completionLimit.ts): the names of the caret's level when
// nothing is typed, else the entries holding what was typed, best matches first, never one a client would filter out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionEntry } from '../../server/src/features/types';
import { typedBefore, withinLimit } from '../../server/src/features/completionLimit';
import type { DocumentFormat } from '../../server/src/document/model';
import { LanguageService } from '../../server/src/service/languageService';
import { testCatalog } from '../helpers/featureFixture';
import { parseEvents } from '../helpers/events';

const LABELS = ['source', 'source.ip', 'source.port', 'client.ip', 'process.pid', 'ip_reputation', 'http.request.id', 'zip', 'event', 'event.id'];

function entries(labels: readonly string[], replaceStart: number): CompletionEntry[] {
  return labels.map((label, i) => ({
    label, kind: 'field', detail: '', docPath: label, insertText: label, replace: { start: replaceStart, end: replaceStart }, sortText: String(i).padStart(3, '0'),
  }));
}

const cases: Array<{ name: string; typed: string; max: number; kept: string[]; incomplete: boolean }> = [
  { name: 'within the limit: everything, complete, whatever was typed', typed: 'ip', max: 10, kept: LABELS, incomplete: false },
  { name: 'nothing typed: the names of this level', typed: '', max: 5, kept: ['source', 'ip_reputation', 'zip', 'event'], incomplete: true },
  { name: 'typed: prefix, then a segment start, then a subsequence', typed: 'ip', max: 5, kept: ['ip_reputation', 'source.ip', 'client.ip', 'zip'], incomplete: true },
  { name: 'typed: what does not hold it is left out; equal matches by depth, then sort order', typed: 'sp', max: 3, kept: ['source.ip', 'source.port', 'process.pid'], incomplete: true },
  { name: 'case does not matter', typed: 'EV', max: 2, kept: ['event', 'event.id'], incomplete: true },
];

for (const c of cases) {
  test(c.name, () => {
    const text = `{"${c.typed}`;
    const list = entries(LABELS, 2);
    const limited = withinLimit(list, typedBefore(text, text.length), c.max);
    assert.deepEqual(limited.entries.map((e) => e.label), c.kept);
    assert.equal(limited.incomplete, c.incomplete);
  });
}

test('a replace range on another line, or past the caret, is no typed word', () => {
  const text = '{\n"a\nb';
  const typed = typedBefore(text, text.length);
  assert.equal(typed(entries(['x'], 2)[0]), '');
  assert.equal(typed(entries(['x'], text.length + 1)[0]), '');
  assert.equal(typed(entries(['x'], text.length - 1)[0]), 'b');
});

// Key completion keeps its best candidates before it builds any entry: what it answers must be exactly what the
// whole list cut by the same limit would be, in JSON and YAML, at the top level and in an object, typed or not.
const service = new LanguageService(testCatalog());
const SITES: Array<{ format: DocumentFormat; text: string }> = [
  ...['', 's', 'ip', 'sou', 'source.', 'source.i', 'EV', 'hash', 'zzq'].map((typed) => ({ format: 'json' as const, text: `{"event": {"kind": "event"}, "${typed}|` })),
  ...['', 'a', 'geo.'].map((typed) => ({ format: 'json' as const, text: `{"source": {"ip": "10.0.0.1", "${typed}|` })),
  ...['', 'ho', 'host.o'].map((typed) => ({ format: 'yaml' as const, text: `event:\n  kind: event\n${typed}|` })),
];
for (const site of SITES) {
  for (const max of [5, 100]) {
    test(`limited before the entries are built: ${site.format} ${JSON.stringify(site.text)}, at most ${max}`, () => {
      const offset = site.text.indexOf('|');
      const text = site.text.slice(0, offset) + site.text.slice(offset + 1);
      const doc = parseEvents(service, text, site.format);
      const all = service.complete(doc, 'events/x.json', offset);
      const expected = withinLimit(all, typedBefore(text, offset), max);
      const got = service.completeWithin(doc, 'events/x.json', offset, max);
      assert.ok(all.length > 0, 'the site offers names');
      assert.deepEqual(got.entries, expected.entries);
      assert.equal(got.incomplete, expected.incomplete);
    });
  }
}
