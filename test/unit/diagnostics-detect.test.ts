// Which files are event documents (globs, or a first event that looks like one), in which format, and how the
// command line expands folders and globs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Catalog } from '../../server/src/catalog/types';
import type { DocumentFormat } from '../../server/src/document/model';
import { looksLikeEvents } from '../../server/src/kinds/events/looksLikeEvents';
import { expandPaths, fileTypeOf, formatFromName, guessFormat } from '../../server/src/service/detect';
import type { FieldwiseSettings } from '../../server/src/service/settings';
import { defaultSettings, mergeSettings } from '../../server/src/service/settings';
import { testCatalog } from './diagnostics-fixture';

/** The event format of a file, or undefined when it is not an event document. */
function eventDocumentFormat(file: string, text: string, settings: FieldwiseSettings, catalog: Catalog, languageId?: string): DocumentFormat | undefined {
  const type = fileTypeOf(file, text, settings, catalog, languageId);
  return type?.kind === 'events' ? type.format : undefined;
}

test('format from the file name', () => {
  const cases: Array<[string, string | undefined]> = [
    ['a.json', 'json'], ['A.JSON', 'json'], ['a.ndjson', 'ndjson'], ['a.jsonl', 'ndjson'], ['a.yml', 'yaml'], ['a.yaml', 'yaml'], ['a.txt', undefined], ['json', undefined],
  ];
  for (const [name, format] of cases) assert.equal(formatFromName(name), format, name);
});

test('format guessed from content for files named without a known extension', () => {
  assert.equal(guessFormat('{"a": 1}\n{"a": 2}\n'), 'ndjson');
  assert.equal(guessFormat('{\n  "a": 1\n}\n'), 'json');
  assert.equal(guessFormat('[{"a": 1}]'), 'json');
  assert.equal(guessFormat('a: 1\n'), 'yaml');
});

const looks: Array<[string, string, 'json' | 'ndjson' | 'yaml', boolean]> = [
  ['@timestamp', '{"@timestamp": "2024-05-01T12:00:00Z"}', 'json', true],
  ['first array element', '[{"message": "x", "ecs": {"version": "8.0.0"}}, {"x": 1}]', 'json', true],
  ['dotted schema.version', '{"schema.version": "1.11.0"}', 'json', true],
  ['dotted ecs.version (NDJSON)', '{"ecs.version": "1.0.0", "x": 1}\n', 'ndjson', true],
  ['two field sets', 'source:\n  ip: 192.0.2.1\ndestination:\n  ip: 192.0.2.2\n', 'yaml', true],
  ['two field sets, dotted', '{"source.ip": "192.0.2.1", "host.name": "h"}', 'json', true],
  ['a sequence of events', '- "@timestamp": 2024-05-01T12:00:00Z\n  message: x\n', 'yaml', true],
  ['one field set is not enough', '{"host": {"name": "h"}, "name": "x"}', 'json', false],
  ['package.json', '{"name": "x", "version": "1.0.0", "scripts": {"test": "node t"}, "dependencies": {}, "os": ["linux"]}', 'json', false],
  ['a CI config', 'on:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n', 'yaml', false],
  ['a schema string is not a schema object', '{"$schema": "x", "schema": "y", "type": "object"}', 'json', false],
  ['an ingest pipeline', 'description: p\nprocessors:\n  - set:\n      field: ecs.version\n      value: 8.0.0\n', 'yaml', false],
  ['empty', '', 'json', false],
];

for (const [name, text, format, expected] of looks) {
  test(`looks like events: ${name}`, () => {
    assert.equal(looksLikeEvents(text, format, testCatalog()), expected);
  });
}

test('files matching fieldwise.files.events are event documents whatever they hold (but a Kibana saved-objects export)', () => {
  const catalog = testCatalog();
  assert.equal(eventDocumentFormat('pkg/data_stream/x/sample_event.json', '{"name": "x"}', defaultSettings, catalog), 'json');
  assert.equal(eventDocumentFormat('logs/a.ndjson', '{"name": "x"}', defaultSettings, catalog), 'ndjson');
  assert.equal(eventDocumentFormat('test/events/a.yml', 'name: x\n', defaultSettings, catalog), 'yaml');
  assert.equal(eventDocumentFormat('package.json', '{"name": "x"}', defaultSettings, catalog), undefined);
  assert.equal(eventDocumentFormat('notes.txt', '{"@timestamp": "2024-05-01T12:00:00Z"}', defaultSettings, catalog), undefined);
  const custom = mergeSettings({ files: { events: ['fixtures/**/*.json'] } });
  assert.equal(eventDocumentFormat('fixtures/a/b.json', '{"name": "x"}', custom, catalog), 'json');
  assert.equal(eventDocumentFormat('other/x.json', '{"@timestamp": "2024-05-01T12:00:00Z"}', custom, catalog), 'json');
  assert.equal(eventDocumentFormat('untitled-1', '{"a": 1}', defaultSettings, catalog, 'jsonc'), undefined);
  // A Kibana saved-objects export is NDJSON of Kibana's own records (id, type, attributes), never events.
  const savedObjects = '{"attributes":{"title":"logs-*","timeFieldName":"@timestamp"},"id":"a1","type":"index-pattern","references":[]}\n{"attributes":{"title":"x"},"id":"b2","type":"dashboard"}\n';
  assert.equal(eventDocumentFormat('kibana/export.ndjson', savedObjects, defaultSettings, catalog), undefined);
  assert.equal(eventDocumentFormat('logs/a.ndjson', '{"id": "a1", "type": "x", "message": "y"}\n', defaultSettings, catalog), 'ndjson');
  assert.equal(eventDocumentFormat('untitled-1', '{"@timestamp": 1}', defaultSettings, catalog, 'json'), 'json');
});

test('folders expand to their JSON and YAML files, skipping node_modules and dot folders; globs match below their base', () => {
  const root = mkdtempSync(join(tmpdir(), 'fieldwise-detect-'));
  try {
    const files = ['a.json', 'b.yml', 'notes.txt', 'sub/c.ndjson', 'node_modules/x/d.json', '.git/e.json', '.hidden/f.yaml', 'sub/deeper/g.yaml'];
    for (const file of files) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), '{}');
    }
    // A path that does not exist is still named: reading it fails later, and the command says so.
    const absent = expandPaths(['data/x.json'], root);
    assert.deepEqual(absent.candidates.map((c) => [c.display, c.named]), [['data/x.json', true]]);
    const found = expandPaths(['.'], root);
    assert.deepEqual(found.candidates.map((c) => c.display), ['a.json', 'b.yml', 'sub/c.ndjson', 'sub/deeper/g.yaml']);
    assert.ok(found.candidates.every((c) => !c.named));
    const named = expandPaths(['notes.txt', 'sub'], root);
    assert.deepEqual(named.candidates.map((c) => [c.display, c.named]), [['notes.txt', true], ['sub/c.ndjson', false], ['sub/deeper/g.yaml', false]]);
    const globbed = expandPaths(['sub/**/*.yaml', '*.json', 'nothing/*.json'], root);
    assert.deepEqual(globbed.candidates.map((c) => c.display), ['sub/deeper/g.yaml', 'a.json']);
    assert.deepEqual(globbed.missing, ['nothing/*.json']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
