// Field definition files (fields/*.yml, Beats' fields.yml) through the language service, as data: each reference
// form, the diagnostics, completion, hover, inlay hints, quick fixes and detection. Fixtures mark the caret with ‸.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldDefinitionsDocument } from '../../server/src/kinds/fieldDefinitions/fieldDefinitionsDocument';
import { fileType } from '../../server/src/document/fileType';
import { fileTypeOf } from '../../server/src/service/detect';
import { LanguageService, SourceDocument } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { caret } from '../helpers/caret';
import { applyQuickFix, testCatalog } from '../helpers/featureFixture';

const service = new LanguageService(testCatalog());
const FILE = 'packages/x/data_stream/y/fields/fields.yml';

function parse(text: string, format: 'json' | 'yaml' = 'yaml'): FieldDefinitionsDocument {
  const doc: SourceDocument = service.parse(text, fileType('fieldDefinitions', format));
  assert.ok('kind' in doc && doc.kind === 'fieldDefinitions', 'not parsed as field definitions');
  return doc as FieldDefinitionsDocument;
}

/** `path [segment texts]` for every reference; a `^` marks where a reference's own segments start below its group. */
function refsOf(text: string, format: 'json' | 'yaml'): string[] {
  return parse(text, format).refs.map((r) => `${r.role} ${r.access} ${r.path.slice(0, r.first).map((s) => `${s}.`).join('')}^${r.path.slice(r.first).join('.')} [${r.segments.map((s) => text.slice(s.start, s.end)).join(' ')}]`);
}

const referenceCases: Array<{ name: string; format?: 'json'; text: string; refs: string[] }> = [
  { name: 'a group and its children: the group\'s name joined to each child\'s', text: '- name: source\n  type: group\n  fields:\n    - name: ip\n      type: ip\n    - name: port\n      type: long\n',
    refs: ['name write ^source [source]', 'name write source.^ip [ip]', 'name write source.^port [port]'] },
  { name: 'a dotted name, one span per segment', text: '- name: host.ip\n  type: ip\n', refs: ['name write ^host.ip [host ip]'] },
  { name: 'a dotted group with a dotted child', text: '- name: source.geo\n  type: group\n  fields:\n    - name: location.lat\n      type: float\n',
    refs: ['name write ^source.geo [source geo]', 'name write source.geo.^location.lat [location lat]'] },
  { name: 'a Beats section: its key is no part of the path', text: "- key: ecs\n  title: ECS\n  fields:\n    - name: '@timestamp'\n      type: date\n    - name: event\n      type: group\n      fields:\n        - name: kind\n",
    refs: ['name write ^@timestamp [@timestamp]', 'name write ^event [event]', 'name write event.^kind [kind]'] },
  { name: 'an external entry names the schema family\'s field', text: '- external: ecs\n  name: event.kind\n', refs: ['name write ^event.kind [event kind]'] },
  { name: 'a YAML escape maps to the file\'s own characters', text: '- name: "sour\\x63e.ip"\n  type: ip\n', refs: ['name write ^source.ip [sour\\x63e ip]'] },
  { name: 'multi_fields are the field\'s own names, not schema fields', text: '- name: user.name\n  type: keyword\n  multi_fields:\n    - name: text\n      type: text\n', refs: ['name write ^user.name [user name]'] },
  { name: 'a wildcard name (`headers.*`, `*`) maps every name below its object: it names the object, or nothing of its own',
    text: '- name: acme\n  type: group\n  fields:\n    - name: headers.*\n      type: object\n      object_type: keyword\n    - name: "*"\n      type: keyword\n',
    refs: ['name write ^acme [acme]', 'name write acme.^headers [headers]'] },
  { name: 'JSON', format: 'json', text: '[{"name": "source", "type": "group", "fields": [{"name": "port", "type": "long"}]}]', refs: ['name write ^source [source]', 'name write source.^port [port]'] },
  { name: 'a half-typed name (an empty segment, no name) names nothing; its children neither', text: '- name: source.\n  fields:\n    - name: ip\n- name:\n  type: keyword\n- name: message\n', refs: ['name write ^message [message]'] },
];

for (const c of referenceCases) {
  test(`field definition references: ${c.name}`, () => {
    assert.deepEqual(refsOf(c.text, c.format ?? 'yaml'), c.refs);
  });
}

/** `code (severity): text under the range` for every diagnostic. */
function diagnosticsOf(text: string): string[] {
  return service.diagnostics(parse(text), FILE).map((d) => `${d.code} (${d.severity}): ${text.slice(d.start, d.end)}`);
}

const diagnosticCases: Array<{ name: string; text: string; diagnostics: string[] }> = [
  { name: 'names, types and levels the schema agrees with: nothing', text: "- name: '@timestamp'\n  level: core\n  type: date\n- name: source\n  type: group\n  fields:\n    - name: ip\n      level: core\n      type: ip\n    - name: geo.location\n      type: geo_point\n",
    diagnostics: [] },
  { name: 'an external name this schema does not define', text: '- external: ecs\n  name: device.id\n- external: ecs\n  name: source.ip\n', diagnostics: ['unknown-external-field (error): device.id'] },
  // The verdict an event key gets: user_agent.original is a name the spec's guidance uses (nothing), file.path any other (a hint).
  { name: 'an external name in a set this schema leaves undefined: the event key\'s verdict', text: '- external: ecs\n  name: user_agent.original\n- external: ecs\n  name: file.path\n',
    diagnostics: ["undefined-field-set (hint): file"] },
  { name: 'external ecs.version is the foreign meta field, said once', text: '- external: ecs\n  name: ecs.version\n', diagnostics: ['foreign-meta-field (warning): ecs.version'] },
  { name: 'a type that stores differently: an error', text: '- name: source.ip\n  type: keyword\n', diagnostics: ['definition-type-mismatch (error): keyword'] },
  { name: 'a type of the same family: a warning', text: '- name: source.port\n  type: integer\n', diagnostics: ['definition-type-mismatch (warning): integer'] },
  { name: 'a leaf type on an object the schema places fields below', text: '- name: source\n  type: keyword\n', diagnostics: ['definition-type-mismatch (error): keyword'] },
  { name: 'group on a leaf', text: '- name: message\n  type: group\n', diagnostics: ['definition-type-mismatch (error): group'] },
  { name: 'array says nothing about the stored type', text: '- name: tags\n  type: array\n', diagnostics: [] },
  { name: 'a group at the root is a namespace: no custom-field hint on it, nor on an object or nested one', text: '- name: acme\n  type: group\n  fields:\n    - name: rack\n      type: keyword\n- name: data_stream\n  type: object\n- name: vendor\n  type: nested\n',
    diagnostics: [] },
  { name: 'a scalar at the root is still a custom field with no namespace', text: '- name: rack\n  type: keyword\n', diagnostics: ['unnamespaced-custom-field (hint): rack'] },
  { name: 'constant_keyword for event.dataset and event.module: their one value per source', text: '- name: event.dataset\n  type: constant_keyword\n- name: event.module\n  type: constant_keyword\n- name: event.action\n  type: constant_keyword\n',
    diagnostics: ['definition-type-mismatch (warning): constant_keyword'] },
  { name: 'an alias path names a field of the schema or of the file; one that names none is an error', text: '- name: acme.ip\n  type: alias\n  path: source.ip\n- name: acme.rack\n  type: keyword\n- name: acme.r\n  type: alias\n  path: acme.rack\n- name: acme.os\n  type: alias\n  path: host.os.ful\n',
    diagnostics: ['unknown-alias-path (error): host.os.ful'] },
  { name: 'a level that disagrees with the schema, and one that is no level', text: '- name: source.ip\n  level: extended\n  type: ip\n- name: source.port\n  level: basic\n  type: long\n',
    diagnostics: ['definition-level-mismatch (warning): extended', 'definition-level-mismatch (warning): basic'] },
  { name: 'a custom field states its own level', text: '- name: acme.rack\n  level: extended\n  type: keyword\n', diagnostics: [] },
  { name: 'a wildcard is no name: not judged for its style, nor its type or level against its object\'s', text: '- name: acme.headers.*\n  type: object\n  object_type: keyword\n- name: source.geo.*\n  type: keyword\n  level: core\n- name: http.request.*\n  type: object\n  object_type: keyword\n',
    diagnostics: [] },
  { name: 'a field set in the schema family\'s own source format, reusable and not at the top level: not said to be at the root',
    text: '- name: interface\n  title: Interface\n  reusable:\n    top_level: false\n    expected:\n      - observer.ingress\n  type: group\n  fields:\n    - name: id\n      type: keyword\n- name: geo\n  reusable:\n    top_level: true\n  type: group\n  fields:\n    - name: city_name\n      type: keyword\n',
    diagnostics: ['nested-only (error): geo'] },
  { name: 'an unknown type', text: '- name: acme.rack\n  type: keywrd\n', diagnostics: ['unknown-definition-type (error): keywrd'] },
  { name: 'a name defined twice; a group written twice merges', text: '- name: source\n  type: group\n  fields:\n    - name: ip\n      type: ip\n- name: source\n  type: group\n  fields:\n    - name: port\n      type: long\n- name: source.ip\n  type: ip\n',
    diagnostics: ['duplicate-definition (error): source.ip'] },
  { name: 'an unknown field in a defined set, on the child\'s own name', text: '- name: source\n  type: group\n  fields:\n    - name: ipp\n      type: ip\n', diagnostics: ['unknown-field (error): ipp'] },
  { name: 'a custom name outside a namespace', text: '- name: version\n  type: keyword\n', diagnostics: ['unnamespaced-custom-field (hint): version'] },
  { name: 'an undefined set, said on the group once for all its children', text: '- name: user_agent\n  type: group\n  fields:\n    - name: original\n      type: keyword\n    - name: name\n      type: keyword\n',
    diagnostics: ['undefined-field-set (hint): user_agent'] },
  { name: 'a syntax error is reported, what can be read still is', text: '- name: source.ipp\n  type: ip\n- name: [\n', diagnostics: ['unknown-field (error): ipp', 'syntax-error (error): ['] },
];

for (const c of diagnosticCases) {
  test(`field definition diagnostics: ${c.name}`, () => {
    assert.deepEqual(diagnosticsOf(c.text), c.diagnostics);
  });
}

/** The completion entries at the caret, best first, and the text one of them leaves. */
function completionAt(fixture: string, format: 'json' | 'yaml' = 'yaml'): { labels: string[]; apply(label: string): string } {
  const { text, offset } = caret(fixture, '‸');
  const entries = service.complete(parse(text, format), FILE, offset).sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0));
  return {
    labels: entries.map((e) => e.label),
    apply(label) {
      const e = entries.find((x) => x.label === label);
      assert.ok(e, `no completion '${label}' in ${entries.map((x) => x.label).slice(0, 20).join(', ')}`);
      return text.slice(0, e.replace.start) + e.insertText + text.slice(e.replace.end);
    },
  };
}

const completionCases: Array<{ name: string; format?: 'json'; fixture: string; pick: string; result: string; first?: string }> = [
  { name: 'a dotted name at the top', fixture: '- name: source.i‸\n  type: ip\n', pick: 'source.ip', result: '- name: source.ip\n  type: ip\n' },
  { name: 'a child of a group, relative to it', fixture: '- name: source\n  type: group\n  fields:\n    - name: i‸\n', pick: 'ip', result: '- name: source\n  type: group\n  fields:\n    - name: ip\n' },
  { name: 'a dotted name below a group', fixture: '- name: source\n  type: group\n  fields:\n    - name: geo.ci‸\n', pick: 'geo.city_name', result: '- name: source\n  type: group\n  fields:\n    - name: geo.city_name\n' },
  { name: 'an empty name: quoted where YAML needs it', fixture: '- name: ‸\n  type: date\n', pick: '@timestamp', result: '- name: "@timestamp"\n  type: date\n' },
  { name: 'a plain name being typed: quoted where YAML needs it', fixture: '- name: @ti‸\n', pick: '@timestamp', result: '- name: "@timestamp"\n' },
  { name: 'JSON: an empty name gets its quotes', format: 'json', fixture: '[{"name": ‸}]', pick: 'message', result: '[{"name": "message"}]' },
  { name: 'JSON: inside the quotes', format: 'json', fixture: '[{"name": "source", "type": "group", "fields": [{"name": "i‸"}]}]', pick: 'ip',
    result: '[{"name": "source", "type": "group", "fields": [{"name": "ip"}]}]' },
  { name: 'a quoted type value', fixture: '- name: source.ip\n  type: "k‸"\n', pick: 'ip', result: '- name: source.ip\n  type: "ip"\n' },
  { name: 'a quoted name keeps its quotes', fixture: "- name: 'source.p‸'\n", pick: 'source.port', result: "- name: 'source.port'\n" },
  { name: 'type: the schema\'s type first', fixture: '- name: source.ip\n  type: ‸\n', first: 'ip', pick: 'ip', result: '- name: source.ip\n  type: ip\n' },
  { name: 'type of an object: group first', fixture: '- name: source\n  type: gr‸\n', first: 'group', pick: 'group', result: '- name: source\n  type: group\n' },
  { name: 'the fields.yml-only types are offered', fixture: '- name: acme.tags\n  type: ‸\n', pick: 'array', result: '- name: acme.tags\n  type: array\n' },
  { name: 'level: the schema\'s level first', fixture: '- name: source.address\n  level: ‸\n', first: 'extended', pick: 'extended', result: '- name: source.address\n  level: extended\n' },
  { name: 'external: ecs', fixture: '- external: ‸\n  name: source.ip\n', first: 'ecs', pick: 'ecs', result: '- external: ecs\n  name: source.ip\n' },
];

for (const c of completionCases) {
  test(`field definition completion: ${c.name}`, () => {
    const at = completionAt(c.fixture, c.format);
    if (c.first !== undefined) assert.equal(at.labels[0], c.first);
    assert.equal(at.apply(c.pick), c.result);
  });
}

const hoverCases: Array<{ name: string; fixture: string; says: RegExp; under: string }> = [
  { name: 'a group\'s child: the whole path\'s docs', fixture: '- name: source\n  type: group\n  fields:\n    - name: i‸p\n      type: ip\n', says: /source\.ip[\s\S]*IPv4 or IPv6 address/, under: 'ip' },
  { name: 'a group: the object\'s docs', fixture: '- name: sou‸rce\n  type: group\n', says: /source[\s\S]*object/, under: 'source' },
  { name: 'a dotted name: each segment describes the path up to it', fixture: '- name: sou‸rce.ip\n', says: /^(?![\s\S]*source\.ip)[\s\S]*source/, under: 'source' },
  { name: 'a type value: what it stores', fixture: '- name: source.ip\n  type: i‸p\n', says: /ip[\s\S]*IPv4/, under: 'ip' },
];

for (const c of hoverCases) {
  test(`field definition hover: ${c.name}`, () => {
    const { text, offset } = caret(c.fixture, '‸');
    const result = service.hover(parse(text), FILE, offset);
    assert.ok(result, 'no hover');
    assert.match(result.markdown, c.says);
    assert.equal(text.slice(result.start, result.end), c.under);
  });
}

test('field definition inlay hints: a level badge after each name the schema knows', () => {
  const text = '- name: source\n  type: group\n  fields:\n    - name: ip\n    - name: geo.city_name\n- name: acme.rack\n- name: source.address\n';
  const hints = service.inlayHints(parse(text), FILE, { start: 0, end: text.length });
  assert.deepEqual(hints.map((h) => `${text.slice(text.lastIndexOf(' ', h.offset - 1) + 1, h.offset)} ${h.label}`), ['source core', 'ip core', 'geo.city_name core', 'source.address extended']);
});

const fixCases: Array<{ name: string; text: string; code: string; title: string; result: string }> = [
  { name: 'set the schema\'s type', text: '- name: source.ip\n  type: keyword\n', code: 'definition-type-mismatch', title: "Set the schema's type 'ip'", result: '- name: source.ip\n  type: ip\n' },
  { name: 'set group on an object', text: '- name: source\n  type: "keyword"\n', code: 'definition-type-mismatch', title: "Set the schema's type 'group'", result: '- name: source\n  type: "group"\n' },
  { name: 'set the schema\'s level', text: '- name: source.ip\n  level: extended\n', code: 'definition-level-mismatch', title: "Set the schema's level 'core'", result: '- name: source.ip\n  level: core\n' },
  { name: 'an unknown type to the close one', text: '- name: acme.rack\n  type: keywrd\n', code: 'unknown-definition-type', title: "Change to 'keyword'", result: '- name: acme.rack\n  type: keyword\n' },
  { name: 'rename a group\'s child: its own name only', text: '- name: source\n  type: group\n  fields:\n    - name: ipp\n', code: 'unknown-field', title: "Rename to 'source.ip'", result: '- name: source\n  type: group\n  fields:\n    - name: ip\n' },
  { name: 'an alias path to the close field', text: '- name: acme.os\n  type: alias\n  path: host.os.ful\n', code: 'unknown-alias-path', title: "Change to 'host.os.full'", result: '- name: acme.os\n  type: alias\n  path: host.os.full\n' },
  { name: 'rename an unknown external name', text: '- external: ecs\n  name: source.ipp\n', code: 'unknown-external-field', title: "Rename to 'source.ip'", result: '- external: ecs\n  name: source.ip\n' },
  { name: 'rename ecs.version', text: '- name: ecs.version\n  type: keyword\n', code: 'foreign-meta-field', title: "Rename 'ecs.version' to 'schema.version'", result: '- name: schema.version\n  type: keyword\n' },
];

for (const c of fixCases) {
  test(`field definition quick fix: ${c.name}`, () => {
    assert.equal(applyQuickFix(service, parse(c.text), FILE, c.code, c.title), c.result);
  });
}

const detectionCases: Array<{ name: string; file: string; text: string; kind: string | undefined }> = [
  { name: 'an integration package\'s fields/*.yml, by its path', file: 'packages/nginx/data_stream/access/fields/ecs.yml', text: '- external: ecs\n  name: ecs.version\n', kind: 'fieldDefinitions' },
  { name: 'Beats\' _meta/fields.yml, by its path', file: 'module/nginx/_meta/fields.yml', text: '- key: nginx\n  title: Nginx\n  fields: []\n', kind: 'fieldDefinitions' },
  { name: 'a list of name/type items elsewhere, by its content', file: 'docs/my-fields.yml', text: '- name: acme\n  type: group\n  fields:\n    - name: rack\n      type: keyword\n', kind: 'fieldDefinitions' },
  { name: 'Beats sections elsewhere, by their content', file: 'docs/beat.yml', text: '- key: acme\n  title: Acme\n  fields:\n    - name: acme.rack\n', kind: 'fieldDefinitions' },
  { name: 'a list of other things is not', file: 'docs/list.yml', text: '- name: a\n  value: 1\n- name: b\n  value: 2\n', kind: undefined },
];

for (const c of detectionCases) {
  test(`field definition detection: ${c.name}`, () => {
    assert.equal(fileTypeOf(c.file, c.text, defaultSettings, testCatalog())?.kind, c.kind);
  });
}

test('field definitions being typed: every prefix of a file parses, and every feature answers at its end without throwing', () => {
  const whole = "- key: acme\n  title: Acme\n  fields:\n    - name: source\n      type: group\n      fields:\n        - name: \"i\\x70\"\n          level: core\n          type: ip\n          multi_fields:\n            - name: text\n              type: text\n    - external: ecs\n      name: ecs.version\n- name: [a, {b: c}]\n  type: {}\n";
  for (let end = 0; end <= whole.length; end++) {
    const text = whole.slice(0, end);
    const doc = parse(text);
    const diagnostics = service.diagnostics(doc, FILE);
    for (const d of diagnostics) assert.ok(d.start >= 0 && d.end <= text.length && d.start <= d.end, `${d.code} outside the text at ${end}`);
    service.complete(doc, FILE, end);
    service.hover(doc, FILE, Math.max(0, end - 1));
    service.inlayHints(doc, FILE, { start: 0, end });
    service.codeActions(doc, FILE, { start: 0, end }, diagnostics);
  }
});
