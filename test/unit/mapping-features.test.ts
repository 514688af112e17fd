// Index templates and mappings through the language service, as data: each shape and reference form, the
// diagnostics, completion, hover, inlay hints and quick fixes. Fixtures mark the caret with ‸.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileType } from '../../server/src/document/fileType';
import { isMapping, MappingDocument } from '../../server/src/kinds/mappings/mappingDocument';
import { fileTypeOf } from '../../server/src/service/detect';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { caret } from '../helpers/caret';
import { applyQuickFix, testCatalog } from '../helpers/featureFixture';

const service = new LanguageService(testCatalog());
const FILE = 'elasticsearch/index_templates/events.json';

type Format = 'json' | 'yaml';

function parse(text: string, format: Format, console = false): MappingDocument {
  const doc = service.parse(text, fileType('mapping', format, console));
  const unit = 'parts' in doc ? doc.parts.find((p) => isMapping(p.doc))?.doc : doc;
  assert.ok(unit && isMapping(unit), 'parsed as a mapping');
  return unit;
}

/** `path [segment texts]` for every declared name, then `option path` for every target. */
function refsOf(text: string, format: Format, console = false): string[] {
  const doc = parse(text, format, console);
  return [
    ...doc.refs.map((r) => `${r.joinedPath} [${r.segments.map((s) => text.slice(s.start, s.end)).join(' ')}]`),
    ...doc.targets.map((r) => `${r.detail.option} ${r.access} ${r.joinedPath} [${r.segments.map((s) => text.slice(s.start, s.end)).join(' ')}]`),
  ];
}

const referenceCases: Array<{ name: string; format: Format; text: string; refs: string[]; console?: boolean }> = [
  { name: 'a legacy template: nested properties', format: 'json', text: '{"index_patterns": ["x-*"], "mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}',
    refs: ['source [source]', 'source.ip [ip]'] },
  { name: 'a composable template, dotted keys, an explicit object', format: 'json', text: '{"index_patterns": ["x-*"], "composed_of": ["a"], "template": {"mappings": {"properties": {"source.geo": {"type": "object", "properties": {"city_name": {"type": "keyword"}}}}}}}',
    refs: ['source.geo [source geo]', 'source.geo.city_name [city_name]'] },
  { name: 'a component template in YAML', format: 'yaml', text: 'template:\n  mappings:\n    properties:\n      host:\n        properties:\n          name:\n            type: keyword\n',
    refs: ['host [host]', 'host.name [name]'] },
  { name: 'a bare mapping (PUT idx/_mapping) with runtime fields', format: 'json', text: '{"properties": {"message": {"type": "text"}}, "runtime": {"source.port": {"type": "long"}}}',
    refs: ['message [message]', 'source.port [source port]'] },
  { name: 'a legacy template of Elasticsearch 5 and before: its pattern in `template`, a mapping of types', format: 'json',
    text: '{"template": "x-*", "settings": {}, "mappings": {"_default_": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}}',
    refs: ['source [source]', 'source.ip [ip]'] },
  { name: 'a PUT my-index body, and a legacy mapping of types', format: 'json', text: '{"settings": {}, "mappings": {"_doc": {"properties": {"user": {"properties": {"name": {"type": "keyword"}}}}}}}',
    refs: ['user [user]', 'user.name [name]'] },
  { name: 'an integration manifest', format: 'yaml', text: 'name: x\nelasticsearch:\n  index_template:\n    mappings:\n      dynamic: false\n      properties:\n        event:\n          properties:\n            kind:\n              type: keyword\n',
    refs: ['event [event]', 'event.kind [kind]'] },
  { name: 'multi-fields are not fields; copy_to writes, an alias path reads', format: 'json', text: '{"properties": {"message": {"type": "match_only_text", "copy_to": ["all"], "fields": {"raw": {"type": "keyword"}}}, "src": {"type": "alias", "path": "source.ip"}}}',
    refs: ['message [message]', 'src [src]', 'copy_to write all [all]', 'path read source.ip [source ip]'] },
  { name: 'subobjects: false keeps a dotted name one field of the same path', format: 'json', text: '{"properties": {"labels": {"type": "object", "subobjects": false, "properties": {"a.b": {"type": "keyword"}}}}}',
    refs: ['labels [labels]', 'labels.a.b [a b]'] },
  { name: 'console requests: each endpoint that takes a mapping', format: 'json', console: true,
    text: 'PUT _index_template/t\n{"template": {"mappings": {"properties": {"host": {"properties": {"ip": {"type": "ip"}}}}}}}\n\nPUT _component_template/c\n{"template": {"mappings": {"properties": {"tags": {"type": "keyword"}}}}}\n\nPUT _template/l\n{"mappings": {"properties": {"message": {"type": "text"}}}}\n\nPUT my-index/_mapping\n{"properties": {"error.message": {"type": "match_only_text"}}}\n\nPUT my-index\n{"mappings": {"properties": {"url.full": {"type": "wildcard"}}}}\n\nGET my-index/_search\n{"query": {"properties": {}}}\n',
    refs: ['host [host]', 'host.ip [ip]', 'tags [tags]', 'message [message]', 'error.message [error message]', 'url.full [url full]'] },
];

for (const c of referenceCases) {
  test(`mapping references: ${c.name}`, () => {
    assert.deepEqual(refsOf(c.text, c.format, c.console), c.refs);
  });
}

test('mapping detection: by content, a template, a bare mapping; a JSON Schema is not one', () => {
  const catalog = testCatalog();
  const kind = (text: string, file = 'x.json'): string | undefined => fileTypeOf(file, text, defaultSettings, catalog)?.kind;
  assert.equal(kind('{"index_patterns": ["x-*"], "template": {"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}}'), 'mapping');
  assert.equal(kind('{"properties": {"message": {"type": "text"}, "tags": {"type": "keyword"}}}'), 'mapping');
  assert.equal(kind('{"type": "object", "properties": {"message": {"type": "string"}}}'), undefined);
  assert.equal(kind('{"properties": {"message": {"type": "string"}, "x": {"type": "string"}}}'), undefined);
  // Elasticsearch 5 and before named a legacy template's index pattern `template` (a string, or a list).
  assert.equal(kind('{"template": "x-*", "mappings": {"_default_": {"dynamic_templates": [{"s": {"match": "*", "mapping": {"type": "keyword"}}}], "properties": {"@timestamp": {"type": "date"}}}}}'), 'mapping');
  assert.equal(kind('PUT _index_template/t\n{"template": {"mappings": {"properties": {}}}}\n', 'requests.http'), 'mapping');
});

/** `code severity: text under the range` for every diagnostic. */
function diagnosticsOf(text: string, format: Format): string[] {
  const doc = parse(text, format);
  return service.diagnostics(doc, FILE).map((d) => `${d.code} ${d.severity}: ${text.slice(d.start, d.end)}`);
}

const props = (inner: string): string => `{"mappings": {"properties": {${inner}}}}`;

const diagnosticCases: Array<{ name: string; format: Format; text: string; diagnostics: string[] }> = [
  { name: 'an ip mapped as keyword, a date as long: errors', format: 'json', text: props('"source": {"properties": {"ip": {"type": "keyword"}}}, "@timestamp": {"type": "long"}'),
    diagnostics: ['mapping-type-mismatch error: "keyword"', 'mapping-type-mismatch error: "long"'] },
  { name: 'within one family the schema\'s type is the portable one: a warning', format: 'json', text: props('"source": {"properties": {"bytes": {"type": "integer"}}}, "url": {"properties": {"full": {"type": "wildcard", "fields": {"text": {"type": "match_only_text"}}}}}'),
    diagnostics: ['mapping-type-mismatch warning: "integer"', 'mapping-type-mismatch warning: "wildcard"'] },
  { name: 'a leaf mapped as an object, an object as a leaf', format: 'yaml', text: 'properties:\n  source:\n    type: keyword\n  host:\n    properties:\n      ip:\n        properties:\n          v4:\n            type: ip\n',
    diagnostics: ['mapping-type-mismatch error: keyword', 'mapping-type-mismatch error: ip'] },
  { name: 'flattened on an object the schema defines field by field; labels may be flattened', format: 'json', text: props('"source": {"type": "flattened"}, "labels": {"type": "flattened"}'),
    diagnostics: ['mapping-type-mismatch warning: "flattened"'] },
  { name: 'enabled: false: nothing below is judged by type', format: 'json', text: props('"source": {"type": "object", "enabled": false, "properties": {"ip": {"type": "keyword"}}}'),
    diagnostics: [] },
  { name: 'an unknown type, with the close one', format: 'json', text: props('"message": {"type": "txt"}'),
    diagnostics: ['unknown-mapping-type error: "txt"'] },
  { name: 'the event verdicts on names; a deprecated field is information', format: 'json', text: props('"source": {"properties": {"ipp": {"type": "ip"}}}, "log": {"properties": {"original": {"type": "keyword", "index": false, "doc_values": false}}}, "vendor_field": {"type": "keyword"}'),
    diagnostics: ['unknown-field error: ipp', 'deprecated-field information: original', 'unnamespaced-custom-field hint: vendor_field'] },
  { name: 'ecs.version: the foreign meta field, once', format: 'json', text: props('"ecs": {"properties": {"version": {"type": "keyword"}}}'),
    diagnostics: ['foreign-meta-field warning: ecs'] },
  { name: 'schema.version not a keyword', format: 'json', text: props('"schema": {"properties": {"version": {"type": "text"}}}'),
    diagnostics: ['schema-version-not-keyword error: "text"'] },
  { name: 'a multi-field the schema defines and the mapping lacks; one it does not define', format: 'json', text: props('"user": {"properties": {"name": {"type": "keyword", "fields": {"raw": {"type": "keyword"}}}}}'),
    diagnostics: ['missing-multi-field hint: name', 'unknown-multi-field information: raw'] },
  { name: 'copy_to and alias targets that name nothing; an alias of another type', format: 'json', text: props('"message": {"type": "text", "copy_to": "everything"}, "source": {"properties": {"port": {"type": "alias", "path": "source.ip"}}}, "src": {"type": "alias", "path": "srcip"}'),
    diagnostics: ['unknown-target warning: everything', 'alias-type-mismatch error: source.ip', 'unnamespaced-custom-field hint: src', 'unknown-target warning: srcip'] },
  { name: 'a dynamic template that maps schema fields to another type, naming them', format: 'json',
    text: '{"mappings": {"dynamic_templates": [{"ips": {"path_match": "*.ip", "match_mapping_type": "string", "mapping": {"type": "keyword"}}}], "properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}',
    diagnostics: ['dynamic-template-type warning: ips'] },
  { name: 'dynamic: strict: no dynamic template maps anything', format: 'json',
    text: '{"mappings": {"dynamic": "strict", "dynamic_templates": [{"ips": {"path_match": "*.ip", "mapping": {"type": "keyword"}}}]}}',
    diagnostics: [] },
  { name: 'a _meta version other than the schema\'s: information', format: 'json', text: '{"_meta": {"ecs_version": "8.0.0"}, "template": {"mappings": {"_meta": {"schema_version": "1.11.0"}, "properties": {}}}}',
    diagnostics: ['schema-version-differs information: "8.0.0"'] },
  { name: 'syntax errors are reported, the rest still read', format: 'json', text: props('"source": {"properties": {"ip": {"type": "keyword", }}}'),
    diagnostics: ['mapping-type-mismatch error: "keyword"', 'syntax-error error: }'] },
];

test('a type Elasticsearch removed (string, of a legacy template) says so and names the types that replaced it', () => {
  const text = '{"template": "x-*", "mappings": {"_default_": {"properties": {"message": {"type": "string", "index": "not_analyzed"}}}}}';
  const found = service.diagnostics(parse(text, 'json'), FILE).filter((d) => d.code === 'unknown-mapping-type');
  assert.deepEqual(found.map((d) => `${d.severity}: ${text.slice(d.start, d.end)}: ${d.message}`), [
    'error: "string": \'string\' is no Elasticsearch field type since Elasticsearch 5.0, which replaced it with \'text\' (full-text search) and \'keyword\' (exact values)',
  ]);
});

for (const c of diagnosticCases) {
  test(`mapping diagnostics: ${c.name}`, () => {
    assert.deepEqual(diagnosticsOf(c.text, c.format), c.diagnostics);
  });
}

function completionAt(fixture: string, format: Format, console = false): { labels: string[]; apply(label: string): string } {
  const { text, offset } = caret(fixture, '‸');
  const entries = service.complete(service.parse(text, fileType('mapping', format, console)), FILE, offset);
  return {
    // In the order a client shows them.
    labels: [...entries].sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0)).map((e) => e.label),
    apply(label) {
      const e = entries.find((x) => x.label === label);
      assert.ok(e, `no completion '${label}' in ${entries.map((x) => x.label).slice(0, 20).join(', ')}`);
      return text.slice(0, e.replace.start) + e.insertText + text.slice(e.replace.end);
    },
  };
}

const completionCases: Array<{ name: string; format: Format; fixture: string; console?: boolean; includes?: string[]; excludes?: string[]; first?: string; apply?: { label: string; result: string } }> = [
  { name: 'a field name below the nesting the file uses inserts its mapping as the template prints it', format: 'json',
    fixture: '{"mappings": {"properties": {"source": {"properties": {"i‸"}}}}}',
    includes: ['ip', 'geo', 'port'], excludes: ['source', 'host'],
    apply: { label: 'ip', result: '{"mappings": {"properties": {"source": {"properties": {"ip": {\n  "type": "ip"\n}}}}}}' } },
  { name: 'YAML: a keyword with ignore_above and its multi-field', format: 'yaml',
    fixture: 'mappings:\n  properties:\n    user:\n      properties:\n        na‸\n',
    apply: { label: 'name', result: 'mappings:\n  properties:\n    user:\n      properties:\n        name:\n          type: keyword\n          ignore_above: 1024\n          fields:\n            text:\n              type: text\n' } },
  { name: 'a whole field set at once', format: 'yaml',
    fixture: 'properties:\n  ‸\n',
    includes: ['source', '@timestamp'],
    apply: { label: 'error', result: 'properties:\n  error:\n    properties:\n      code:\n        type: keyword\n        ignore_above: 1024\n      id:\n        type: keyword\n        ignore_above: 1024\n      message:\n        type: text\n      stack:\n        properties:\n          head:\n            type: keyword\n            ignore_above: 1024\n          previous_trace:\n            type: keyword\n            ignore_above: 1024\n            fields:\n              text:\n                type: text\n      stack_trace:\n        type: keyword\n        ignore_above: 1024\n        fields:\n          text:\n            type: text\n      type:\n        type: keyword\n        ignore_above: 1024\n' } },
  { name: 'names the object already has are not offered again', format: 'json',
    fixture: '{"properties": {"source": {"properties": {"ip": {"type": "ip"}, "‸"}}}}',
    excludes: ['ip'], includes: ['port'] },
  { name: 'a dotted name typed below its prefix', format: 'json',
    fixture: '{"properties": {"source.ge‸"}}',
    includes: ['source.geo'] },
  { name: 'runtime fields and subobjects: false take whole dotted names', format: 'json',
    fixture: '{"runtime": {"source.po‸"}, "properties": {}}',
    includes: ['source.port', 'source.geo.city_name'], excludes: ['source.geo'],
    apply: { label: 'source.port', result: '{"runtime": {"source.port": {\n  "type": "long"\n}}, "properties": {}}' } },
  { name: 'subobjects: false: dotted names below the object, each with its whole mapping', format: 'json',
    fixture: '{"properties": {"source": {"subobjects": false, "properties": {"geo.ci‸"}}}}',
    includes: ['geo.city_name'],
    apply: { label: 'geo.city_name', result: '{"properties": {"source": {"subobjects": false, "properties": {"geo.city_name": {\n  "type": "keyword",\n  "ignore_above": 1024\n}}}}}' } },
  { name: 'parameters of the field\'s type, with docs', format: 'json',
    fixture: '{"properties": {"message": {"type": "keyword", "ig‸"}}}',
    includes: ['ignore_above', 'normalizer', 'fields'], excludes: ['type', 'scaling_factor', 'analyzer'],
    apply: { label: 'ignore_above', result: '{"properties": {"message": {"type": "keyword", "ignore_above": }}}' } },
  { name: 'type values: the schema\'s first', format: 'json',
    fixture: '{"properties": {"source": {"properties": {"ip": {"type": "‸"}}}}}',
    first: 'ip', includes: ['keyword', 'long'],
    apply: { label: 'ip', result: '{"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}' } },
  { name: 'keys of a mapping', format: 'yaml', fixture: 'mappings:\n  dynamic: strict\n  ‸\n', includes: ['properties', 'dynamic_templates', 'date_detection'], excludes: ['dynamic'] },
  { name: 'keys of a dynamic template', format: 'json', fixture: '{"dynamic_templates": [{"t": {"‸"}}], "properties": {}}', includes: ['match', 'path_match', 'mapping'] },
  { name: 'console: a body of PUT idx/_mapping', format: 'json', fixture: 'PUT my-index/_mapping\n{"properties": {"ev‸"}}\n', console: true, includes: ['event'] },
];

for (const c of completionCases) {
  test(`mapping completion: ${c.name}`, () => {
    const at = completionAt(c.fixture, c.format, c.console);
    for (const label of c.includes ?? []) assert.ok(at.labels.includes(label), `'${label}' offered (got ${at.labels.slice(0, 15).join(', ')})`);
    for (const label of c.excludes ?? []) assert.ok(!at.labels.includes(label), `'${label}' not offered`);
    if (c.first) assert.equal(at.labels[0], c.first);
    if (c.apply) assert.equal(at.apply(c.apply.label), c.apply.result);
  });
}

const hoverCases: Array<{ name: string; format: Format; fixture: string; hovered: string; includes: string[] }> = [
  { name: 'a field name: the schema\'s docs and level', format: 'json', fixture: '{"properties": {"source": {"properties": {"i‸p": {"type": "ip"}}}}}', hovered: 'ip', includes: ['source.ip', 'core'] },
  { name: 'an enclosing object', format: 'yaml', fixture: 'properties:\n  sou‸rce:\n    properties:\n      ip:\n        type: ip\n', hovered: 'source', includes: ['source'] },
  { name: 'a copy_to target, segment by segment', format: 'json', fixture: '{"properties": {"message": {"type": "text", "copy_to": "event.orig‸inal"}}}', hovered: 'original', includes: ['event.original'] },
  { name: 'a parameter: what it means and the types it applies to', format: 'json', fixture: '{"properties": {"message": {"type": "keyword", "ignore_a‸bove": 1024}}}', hovered: 'ignore_above', includes: ['mapping parameter', 'not indexed', '`wildcard`'] },
  { name: 'a type value: what it stores', format: 'json', fixture: '{"properties": {"message": {"type": "wild‸card"}}}', hovered: 'wildcard', includes: ['**wildcard**'] },
  { name: 'a key of a mapping', format: 'json', fixture: '{"date_detect‸ion": false, "properties": {}}', hovered: 'date_detection', includes: ['look like dates'] },
];

for (const c of hoverCases) {
  test(`mapping hover: ${c.name}`, () => {
    const { text, offset } = caret(c.fixture, '‸');
    const result = service.hover(parse(text, c.format), FILE, offset);
    assert.ok(result, 'a hover');
    assert.equal(text.slice(result.start, result.end), c.hovered);
    for (const part of c.includes) assert.ok(result.markdown.includes(part), `'${part}' in ${result.markdown}`);
  });
}

test('mapping inlay hints: a level badge after each name the schema knows, none after others', () => {
  const text = '{"properties": {"source": {"properties": {"ip": {"type": "ip"}, "vendor": {"type": "keyword"}}}}}';
  const hints = service.inlayHints(parse(text, 'json'), FILE, { start: 0, end: text.length });
  assert.deepEqual(hints.map((h) => `${text.slice(0, h.offset).split('"').slice(-1)[0] || text.slice(0, h.offset).split('"').slice(-2)[0]}: ${h.label}`), ['source: core', 'ip: core']);
});

const fixCases: Array<{ name: string; format: Format; text: string; code: string; title: string; result: string }> = [
  { name: 'set the schema\'s type', format: 'json', text: '{"properties": {"source": {"properties": {"ip": {"type": "keyword"}}}}}', code: 'mapping-type-mismatch', title: 'Map as ip, the schema\'s type',
    result: '{"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}' },
  { name: 'set the schema\'s type, YAML', format: 'yaml', text: 'properties:\n  "@timestamp":\n    type: long\n', code: 'mapping-type-mismatch', title: 'Map as date, the schema\'s type',
    result: 'properties:\n  "@timestamp":\n    type: date\n' },
  { name: 'add the missing multi-field', format: 'yaml', text: 'properties:\n  user:\n    properties:\n      name:\n        type: keyword\n', code: 'missing-multi-field', title: 'Add the multi-field \'text\'',
    result: 'properties:\n  user:\n    properties:\n      name:\n        type: keyword\n        fields:\n          text:\n            type: text\n' },
  { name: 'add the missing multi-field to existing ones', format: 'json', text: '{"properties": {"user": {"properties": {"name": {"type": "keyword", "fields": {"raw": {"type": "keyword"}}}}}}}', code: 'missing-multi-field', title: 'Add the multi-field \'text\'',
    result: '{"properties": {"user": {"properties": {"name": {"type": "keyword", "fields": {"raw": {"type": "keyword"}, "text": {"type": "text"}}}}}}}' },
  { name: 'an unknown type', format: 'json', text: '{"properties": {"message": {"type": "txt"}}}', code: 'unknown-mapping-type', title: 'Change to \'text\'',
    result: '{"properties": {"message": {"type": "text"}}}' },
  { name: 'a type Elasticsearch removed: changed to the types that replaced it', format: 'json', text: '{"properties": {"message": {"type": "string"}}}', code: 'unknown-mapping-type', title: 'Change to \'keyword\'',
    result: '{"properties": {"message": {"type": "keyword"}}}' },
  { name: 'the foreign meta field renamed to schema.version', format: 'yaml', text: 'properties:\n  ecs:\n    properties:\n      version:\n        type: keyword\n', code: 'foreign-meta-field', title: "Rename 'ecs.version' to 'schema.version'",
    result: 'properties:\n  schema:\n    properties:\n      version:\n        type: keyword\n' },
  { name: 'rename an unknown name, keeping its level', format: 'json', text: '{"properties": {"source": {"properties": {"ipp": {"type": "ip"}}}}}', code: 'unknown-field', title: 'Rename to \'source.ip\'',
    result: '{"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}' },
];

for (const c of fixCases) {
  test(`mapping quick fix: ${c.name}`, () => {
    assert.equal(applyQuickFix(service, parse(c.text, c.format), FILE, c.code, c.title), c.result);
  });
}

test('mapping code action: the schema\'s whole mapping for a field whose mapping differs (or is empty)', () => {
  const text = 'properties:\n  url:\n    properties:\n      full:\n        type: text\n      path: {}\n';
  const doc = parse(text, 'yaml');
  const at = (name: string) => ({ start: text.indexOf(name), end: text.indexOf(name) + name.length });
  const titles = (name: string) => service.codeActions(doc, FILE, at(name), []).map((f) => f.title);
  assert.ok(titles('full').includes("Use the schema's mapping for 'url.full'"));
  const fix = service.codeActions(doc, FILE, at('path'), []).find((f) => f.title === "Use the schema's mapping for 'url.path'");
  assert.ok(fix);
  const e = fix.edits[0];
  assert.equal(text.slice(0, e.start) + e.newText + text.slice(e.end), 'properties:\n  url:\n    properties:\n      full:\n        type: text\n      path: {type: keyword, ignore_above: 1024}\n');
  const clean = parse('properties:\n  url:\n    properties:\n      path:\n        type: keyword\n        ignore_above: 1024\n', 'yaml');
  assert.deepEqual(service.codeActions(clean, FILE, { start: 38, end: 42 }, []).map((f) => f.title), []);
});

test('half-typed mappings: every prefix parses, checks, completes and hovers without throwing', () => {
  const samples: Array<[string, Format]> = [
    ['{"index_patterns": ["x-*"], "template": {"mappings": {"dynamic_templates": [{"s": {"match_mapping_type": "string", "mapping": {"type": "keyword"}}}], "properties": {"source": {"properties": {"ip": {"type": "ip", "copy_to": ["all"]}, "a.b": {"type": "alias", "path": "source.ip"}}}, "message": {"type": "text", "fields": {"raw": {"type": "keyword"}}}}, "runtime": {"x.y": {"type": "long"}}}}}', 'json'],
    ['mappings:\n  _meta:\n    version: 1.0.0\n  properties:\n    user:\n      properties:\n        name:\n          type: keyword\n          fields:\n            text:\n              type: text\n    "@timestamp":\n      type: date\n', 'yaml'],
  ];
  for (const [text, format] of samples) {
    for (let end = 0; end <= text.length; end++) {
      const prefix = text.slice(0, end);
      const doc = service.parse(prefix, fileType('mapping', format));
      service.diagnostics(doc, FILE);
      service.complete(doc, FILE, end);
      service.hover(doc, FILE, end);
      service.codeActions(doc, FILE, { start: 0, end }, service.diagnostics(doc, FILE));
    }
    const doc = service.parse(text, fileType('mapping', format));
    for (let at = 0; at <= text.length; at++) {
      service.complete(doc, FILE, at);
      service.hover(doc, FILE, at);
    }
    assert.ok(service.inlayHints(doc, FILE, { start: 0, end: text.length }).length > 0);
  }
});
