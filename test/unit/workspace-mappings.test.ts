// The workspace's field index and what mappings do with it, as data: the code action "Add the mappings of the fields
// this workspace uses" on a `properties` object (given the workspace's files), and dynamic templates judged against
// the component templates a composable template names. Fixtures mark the caret with |.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileType } from '../../server/src/document/fileType';
import { LanguageService } from '../../server/src/service/languageService';
import { WorkspaceIndex } from '../../server/src/service/workspaceIndex';
import { caret } from '../helpers/caret';
import { codeActionsAt, testCatalog } from '../helpers/featureFixture';

type Format = 'json' | 'yaml';
const MAPPING = 'elasticsearch/index_templates/events';

/** A service whose workspace holds these files (path relative to the folder → text). */
function serviceWith(files: Record<string, string>): LanguageService {
  const service = new LanguageService(testCatalog());
  for (const [file, text] of Object.entries(files)) assert.ok(service.indexFile(file, text), `indexed ${file}`);
  return service;
}

const EVENTS = {
  'events/sample.ndjson': '{"@timestamp": "2024-01-01T00:00:00Z", "source": {"ip": "10.0.0.1", "port": 53}, "labels": {"env": "prod"}, "acme": {"tenant": "a"}}\n',
  'elasticsearch/ingest_pipeline/default.yml': 'processors:\n  - rename:\n      field: src\n      target_field: destination.ip\n  - set:\n      field: event.kind\n      value: event\n  - remove:\n      field: host.name\n  - grok:\n      field: message\n      patterns: ["%{WORD:acme.user}"]\n',
};

const actionCases: Array<{ name: string; format: Format; files: Record<string, string>; fixture: string; console?: boolean; title: string | undefined; result?: string }> = [
  { name: 'nested into the objects the mapping declares, new objects nested; custom fields counted, not guessed', format: 'json', files: EVENTS,
    fixture: '{"mappings": {"properties": {|"source": {"properties": {"ip": {"type": "ip"}}}}}}',
    title: 'Add the mappings of 5 fields this workspace uses (2 fields outside the schema left out: no schema type)',
    result: '{"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}, "port": {"type": "long"}}}, "@timestamp": {"type": "date"}, "destination": {"properties": {"ip": {"type": "ip"}}}, "event": {"properties": {"kind": {"type": "keyword", "ignore_above": 1024}}}, "labels": {"type": "object"}}}}' },
  { name: 'YAML, pretty: each object gets its own lines at the file\'s indentation', format: 'yaml', files: EVENTS,
    fixture: 'template:\n  mappings:\n    properties:|\n      "@timestamp":\n        type: date\n      source:\n        properties:\n          ip:\n            type: ip\n      acme:\n        type: object\n',
    title: 'Add the mappings of 4 fields this workspace uses (2 fields outside the schema left out: no schema type)',
    result: 'template:\n  mappings:\n    properties:\n      "@timestamp":\n        type: date\n      source:\n        properties:\n          ip:\n            type: ip\n          port:\n            type: long\n      acme:\n        type: object\n      destination:\n        properties:\n          ip:\n            type: ip\n      event:\n        properties:\n          kind:\n            type: keyword\n            ignore_above: 1024\n      labels:\n        type: object\n' },
  { name: 'on a nested properties object: only the fields below it', format: 'json', files: EVENTS,
    fixture: '{"properties": {"source": {"properties": {|"ip": {"type": "ip"}}}}}',
    title: 'Add the mappings of 1 field this workspace uses',
    result: '{"properties": {"source": {"properties": {"ip": {"type": "ip"}, "port": {"type": "long"}}}}}' },
  { name: 'a file of dotted names gets dotted names; an empty object is filled', format: 'json', files: { 'events/a.ndjson': '{"source": {"ip": "1.2.3.4", "port": 1}, "url": {"full": "https://x"}}\n' },
    fixture: '{"properties": {|"source.ip": {"type": "ip"}, "source.bytes": {"type": "long"}, "url": {}}}',
    title: 'Add the mappings of 2 fields this workspace uses',
    result: '{"properties": {"source.ip": {"type": "ip"}, "source.bytes": {"type": "long"}, "url": {"properties": {"full": {"type": "keyword", "ignore_above": 1024, "fields": {"text": {"type": "text"}}}}}, "source.port": {"type": "long"}}}' },
  { name: 'console: a component template request, an empty properties object filled on lines of its own', format: 'json', console: true, files: { 'events/a.ndjson': '{"host": {"ip": "1.2.3.4"}}\n' },
    fixture: 'PUT _component_template/hosts\n{\n  "template": {\n    "mappings": {\n      "properties": {|}\n    }\n  }\n}\n',
    title: 'Add the mappings of 1 field this workspace uses',
    result: 'PUT _component_template/hosts\n{\n  "template": {\n    "mappings": {\n      "properties": {\n        "host": {\n          "properties": {\n            "ip": {\n              "type": "ip"\n            }\n          }\n        }\n      }\n    }\n  }\n}\n' },
  { name: 'a composable template: what its component templates map is not missing', format: 'json',
    files: { ...EVENTS, 'elasticsearch/component/source.json': '{"template": {"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}, "port": {"type": "long"}}}}}}}' },
    fixture: '{"index_patterns": ["x-*"], "composed_of": ["ecs_1.11.0_source"], "template": {"mappings": {"properties": {|"@timestamp": {"type": "date"}}}}}',
    title: 'Add the mappings of 3 fields this workspace uses (2 fields outside the schema left out: no schema type)' },
  { name: 'an object declared without properties gets them; a legacy mapping of types', format: 'json', files: { 'events/a.ndjson': '{"user": {"name": "a", "id": "1"}}\n' },
    fixture: '{"index_patterns": ["x-*"], "mappings": {"_doc": {"properties": {|"user": {"type": "object"}}}}}',
    title: 'Add the mappings of 2 fields this workspace uses',
    result: '{"index_patterns": ["x-*"], "mappings": {"_doc": {"properties": {"user": {"type": "object", "properties": {"id": {"type": "keyword", "ignore_above": 1024}, "name": {"type": "keyword", "ignore_above": 1024, "fields": {"text": {"type": "text"}}}}}}}}}' },
  { name: 'subobjects: false keeps the names below flat; YAML flow map', format: 'yaml', files: { 'events/a.ndjson': '{"host": {"os": {"name": "Debian"}, "ip": "10.0.0.1"}}\n' },
    fixture: 'properties:\n  host:\n    subobjects: false\n    properties: {|"os.family": {type: keyword}}\n',
    title: 'Add the mappings of 2 fields this workspace uses',
    result: 'properties:\n  host:\n    subobjects: false\n    properties: {"os.family": {type: keyword}, ip: {type: ip}, os.name: {type: keyword, ignore_above: 1024, fields: {text: {type: text}}}}\n' },
  { name: 'nothing missing: no action', format: 'json', files: { 'events/a.ndjson': '{"source": {"ip": "1.2.3.4"}, "acme": 1}\n' },
    fixture: '{"properties": {|"source": {"properties": {"ip": {"type": "ip"}}}}}', title: undefined },
  { name: 'a field mapped as something else than an object keeps what is below it', format: 'json', files: { 'events/a.ndjson': '{"source": {"ip": "1.2.3.4"}}\n' },
    fixture: '{"properties": {|"source": {"type": "flattened"}}}', title: undefined },
];

for (const c of actionCases) {
  test(`workspace mappings action: ${c.name}`, () => {
    const service = serviceWith(c.files);
    const { text, offset } = caret(c.fixture);
    const doc = service.parse(text, fileType('mapping', c.format, c.console === true));
    const actions = codeActionsAt(service, doc, `${MAPPING}.${c.console ? 'http' : c.format}`, offset);
    const found = actions.titles.filter((t) => t.startsWith('Add the mappings of'));
    assert.deepEqual(found, c.title ? [c.title] : []);
    if (c.title && c.result) assert.equal(actions.apply(c.title), c.result);
  });
}

test('workspace mappings action: none outside a properties object, none without workspace files', () => {
  const text = '{"properties": {"source": {"properties": {}}}, "dynamic": true}';
  const service = serviceWith(EVENTS);
  const doc = service.parse(text, fileType('mapping', 'json'));
  assert.deepEqual(codeActionsAt(service, doc, `${MAPPING}.json`, text.indexOf('true')).titles, []);
  const empty = new LanguageService(testCatalog());
  assert.deepEqual(codeActionsAt(empty, empty.parse(text, fileType('mapping', 'json')), `${MAPPING}.json`, 2).titles, []);
});

const COMPOSABLE = '{"index_patterns": ["x-*"], "composed_of": ["ecs_1.11.0_source", "base"], "template": {"mappings": {"dynamic_templates": [{"ips": {"path_match": "*.ip", "match_mapping_type": "string", "mapping": {"type": "keyword"}}}]}}}';

const dynamicCases: Array<{ name: string; files: Record<string, string>; text: string; diagnostics: string[] }> = [
  { name: 'a composable template whose components the workspace lacks: not judged', files: {}, text: COMPOSABLE, diagnostics: [] },
  { name: 'one component missing: not judged', files: { 'elasticsearch/component/source.json': '{"template": {"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}}' },
    text: COMPOSABLE, diagnostics: [] },
  { name: 'every component in the workspace (a file by the family\'s naming, a console request by its name): the fields they map are explicit',
    files: {
      'elasticsearch/component/source.json': '{"template": {"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}}',
      'requests/components.http': 'PUT _component_template/base\n{"template": {"mappings": {"properties": {"destination": {"properties": {"ip": {"type": "ip"}}}}}}}\n',
    },
    text: COMPOSABLE,
    diagnostics: ['dynamic-template-type warning: ips: client.ip client.nat.ip destination.nat.ip host.ip observer.ip server.ip server.nat.ip source.nat.ip'] },
];

for (const c of dynamicCases) {
  test(`dynamic templates against components: ${c.name}`, () => {
    const service = serviceWith(c.files);
    const doc = service.parse(c.text, fileType('mapping', 'json'));
    const found = service.diagnostics(doc, `${MAPPING}.json`).filter((d) => d.code === 'dynamic-template-type');
    // The fields it names: source.ip and destination.ip, mapped by the components, are not among them.
    assert.deepEqual(found.map((d) => `${d.code} ${d.severity}: ${c.text.slice(d.start, d.end)}: ${((d.data as { fields: string[] }).fields).join(' ')}`), c.diagnostics);
  });
}

test('workspace index: names interned, a file replaced or deleted, components versioned, the ceiling refuses and says so', () => {
  const index = new WorkspaceIndex({ maxFiles: 2, maxRefs: 10 });
  const events = fileType('events', 'ndjson');
  assert.equal(index.set('a.ndjson', '{"source": {"ip": "1"}}\n', events), true);
  assert.equal(index.set('b.ndjson', '{"source": {"ip": "2"}, "host": {"name": "x"}}\n', events), true);
  assert.deepEqual([...index.written()].sort(), ['host', 'host.name', 'source', 'source.ip']);
  assert.equal(index.set('c.ndjson', '{"url": {"full": "x"}}\n', events), false, 'a third file is past maxFiles');
  const many = `{${Array.from({ length: 12 }, (_, i) => `"k${i}": 1`).join(', ')}}\n`;
  assert.equal(index.set('b.ndjson', many, events), false, 'past maxRefs: refused, and the old entry dropped');
  assert.deepEqual([...index.written()].sort(), ['source', 'source.ip']);
  const before = index.componentsVersion;
  index.set('component/source.json', '{"template": {"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}}', fileType('mapping', 'json'));
  assert.ok(index.componentsVersion > before);
  assert.deepEqual([...(index.component('source') ?? [])], ['source', 'source.ip']);
  assert.deepEqual([...(index.component('ecs_1.11.0_source') ?? [])], ['source', 'source.ip']);
  assert.equal(index.component('my_source'), undefined);
  index.delete('component/source.json');
  assert.equal(index.component('source'), undefined);
});

test('workspace mappings action: every prefix of a half-typed mapping answers without throwing', () => {
  const service = serviceWith(EVENTS);
  const samples: Array<[string, Format]> = [
    ['{"template": {"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}, "user": {"type": "object"}}}}}', 'json'],
    ['mappings:\n  properties:\n    source:\n      properties:\n        ip:\n          type: ip\n    labels: {type: object}\n', 'yaml'],
  ];
  for (const [text, format] of samples) {
    for (let end = 0; end <= text.length; end++) {
      const prefix = text.slice(0, end);
      const doc = service.parse(prefix, fileType('mapping', format));
      for (const action of service.codeActions(doc, `${MAPPING}.${format}`, { start: end, end }, [])) assert.ok(action.edits.length > 0, action.title);
    }
  }
});
