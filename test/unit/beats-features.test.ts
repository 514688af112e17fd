// Beats and Elastic Agent configurations through the language service, as data: each reference form (the names it
// finds, read or written, with the characters each segment is written in, and a hover at a caret in each form),
// settings that are never judged, templates, completion, quick fixes, inlay hints and the outline. Fixtures mark the
// caret with ‸ (dissect and scripts use `|` themselves).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadBeatsProcessorTable } from '../../server/src/catalog/beatsProcessors';
import { fileType } from '../../server/src/document/fileType';
import { checkBeats } from '../../server/src/kinds/beats/beatsDiagnostics';
import { BeatsDocument, isBeats, parseBeatsDocument, pieceAt } from '../../server/src/kinds/beats/beatsDocument';
import { beatsEnv } from '../../server/src/kinds/beats/beatsEnv';
import { beatsKind } from '../../server/src/kinds/beats/beatsKind';
import { refAt } from '../../server/src/kinds/beats/beatsPosition';
import { applyEdits } from '../../server/src/kinds/events/edits';
import { fileTypeOf } from '../../server/src/service/detect';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { caret } from '../helpers/caret';
import { expandSnippet, testCatalog } from '../helpers/featureFixture';

const service = new LanguageService(testCatalog());
const FILE = 'filebeat.yml';
const CARET = '‸';

function parse(text: string): BeatsDocument {
  const doc = service.parse(text, fileType('beats', 'yaml'));
  assert.ok(isBeats(doc));
  return doc;
}

/** `role access path [segment texts]` for every reference, in the order written, and the fields written without being named. */
function refsOf(text: string): string[] {
  const doc = parse(text);
  const refs = doc.skeleton.refs.map((r) => `${r.role} ${r.access}${r.detail.removes ? ' (taken away)' : ''} ${r.joinedPath} [${r.segments.map((s) => text.slice(s.start, s.end)).join(' ')}]`);
  return [...refs, ...doc.skeleton.fixedWrites.map((r) => `written by ${r.detail.processor}: ${r.joinedPath}`)];
}

const P = 'processors:\n';

/** Each form a configuration names a field in; `at` is a caret fixture of the same form whose hover names `hover`. */
const referenceCases: Array<{ name: string; text: string; refs: string[]; at?: string; hover?: string }> = [
  {
    name: 'from/to pairs: from is read (a rename takes it away), to is written',
    text: `${P}- rename:\n    fields:\n      - from: vendor.src\n        to: source.address\n`,
    refs: ['name read vendor.src [vendor src]', 'name write source.address [source address]'],
    at: `${P}- rename:\n    fields:\n      - from: vendor.src\n        to: source.ad‸dress\n`, hover: 'source.address',
  },
  {
    name: 'flow maps and quoted names (convert, copy_fields)',
    text: `${P}- convert:\n    fields:\n      - {from: 'source.address', to: "source.ip", type: ip}\n- copy_fields:\n    fields: [{from: message, to: event.original}]\n`,
    refs: ['name read source.address [source address]', 'name write source.ip [source ip]', 'name read message [message]', 'name write event.original [event original]'],
    at: `${P}- convert:\n    fields:\n      - {from: 'source.address', to: "sou‸rce.ip", type: ip}\n`, hover: 'source',
  },
  {
    name: 'a list of names; drop_fields takes them away, a /regex/ entry names no field',
    text: `${P}- drop_fields:\n    fields: [event.original, "/^vendor_.*/", vendor.tmp]\n`,
    refs: ['name read (taken away) event.original [event original]', 'name read (taken away) vendor.tmp [vendor tmp]'],
  },
  {
    name: 'add_fields: the keys below its target, nested maps continuing the path',
    text: `${P}- add_fields:\n    target: event\n    fields:\n      kind: alert\n      risk:\n        score: 5\n`,
    refs: ['name write event [event]', 'name write event.kind [event kind]', 'name write event.risk.score [event risk score]'],
    at: `${P}- add_fields:\n    target: event\n    fields:\n      ki‸nd: alert\n`, hover: 'event.kind',
  },
  {
    name: 'add_fields: the default target is fields, an empty one the root; dotted keys are nesting',
    text: `${P}- add_fields:\n    fields:\n      env: prod\n- add_fields:\n    target: ''\n    fields:\n      source.geo.city_name: Paris\n`,
    refs: ['name write fields.env [fields env]', 'name write fields [add_fields]', 'name write source.geo.city_name [source geo city_name]'],
    at: `${P}- add_fields:\n    target: ''\n    fields:\n      source.geo.city‸_name: Paris\n`, hover: 'source.geo.city_name',
  },
  {
    name: 'add_fields with a dotted option key (fields.x.y) and @metadata (no field)',
    text: `${P}- add_fields:\n    target: ''\n    fields.event.kind: alert\n- add_fields:\n    target: '@metadata'\n    fields:\n      pipeline: x\n`,
    refs: ['name write event.kind [event kind]'],
  },
  {
    name: 'add_labels: each key one label below labels, nested keys joined',
    text: `${P}- add_labels:\n    labels:\n      team: web\n`,
    refs: ['name write labels.team [labels team]'],
    at: `${P}- add_labels:\n    labels:\n      te‸am: web\n`, hover: 'labels.team',
  },
  {
    name: 'dns: each key is read, its value written',
    text: `${P}- dns:\n    type: reverse\n    fields:\n      source.ip: source.domain\n`,
    refs: ['name read source.ip [source ip]', 'name write source.domain [source domain]'],
  },
  {
    name: 'extract_array: the keys of its mappings are written',
    text: `${P}- extract_array:\n    field: vendor.list\n    mappings:\n      source.ip: 0\n`,
    refs: ['name read vendor.list [vendor list]', 'name write source.ip [source ip]'],
  },
  {
    name: 'dissect: its keys go under target_prefix (dissect by default); modifiers and |types',
    text: `${P}- dissect:\n    tokenizer: '%{source.ip|ip} %{?skip} %{+message/2} %{&x} %{url.path->}'\n    target_prefix: ''\n- dissect:\n    tokenizer: '%{a}'\n`,
    refs: ['pattern write source.ip [source ip]', 'pattern write message [message]', 'pattern write url.path [url path]', 'pattern write dissect.a [tokenizer a]', 'name write dissect [dissect]'],
    at: `${P}- dissect:\n    tokenizer: '%{source.i‸p|ip}'\n    target_prefix: ''\n`, hover: 'source.ip',
  },
  {
    name: 'dissect: a target_prefix is written, its keys below it',
    text: `${P}- dissect:\n    tokenizer: '%{port}'\n    field: event.original\n    target_prefix: source\n`,
    refs: ['pattern write source.port [source port]', 'name read event.original [event original]', 'name write source [source]'],
  },
  {
    name: 'script: the event API\'s string arguments, whatever the process function calls the event; Tag takes a tag',
    text: `${P}- script:\n    lang: javascript\n    source: |\n      function process(event) {\n        var ip = event.Get("source.ip"); // event.Get("not.this")\n        event.Put("destination.ip", ip);\n        event.Rename("vendor.a", "vendor.b");\n        event.Delete("vendor.c");\n        event.AppendTo("related.ip", ip);\n        event.Tag("source.ip");\n        other.Get("x.y");\n      }\n`,
    refs: [
      'script read source.ip [source ip]', 'script write destination.ip [destination ip]', 'script read vendor.a [vendor a]', 'script write vendor.b [vendor b]',
      'script read (taken away) vendor.c [vendor c]', 'script write related.ip [related ip]',
    ],
    at: `${P}- script:\n    lang: javascript\n    source: >\n      function process(evt) { evt.Put("event.ki‸nd", "alert"); }\n`, hover: 'event.kind',
  },
  {
    name: 'conditions: dotted keys are nesting, range keys carry bounds, has_fields lists names, and/or/not nest',
    text: `${P}- drop_event.when.and:\n    - equals.event.code: 4624\n    - range:\n        http.response.status_code.gte: 400\n    - not:\n        has_fields: [user.name]\n    - regexp:\n        url:\n          path: '^/admin'\n`,
    refs: ['name read event.code [event code]', 'name read http.response.status_code [http response status_code]', 'name read user.name [user name]', 'name read url.path [url path]'],
    at: `${P}- drop_fields:\n    when:\n      equals:\n        event.co‸de: 4624\n    fields: [x]\n`, hover: 'event.code',
  },
  {
    name: 'if/then/else: the condition is read, the processors under then and else (one or a list) are read',
    text: `${P}- if:\n    contains.tags: web\n  then:\n    - add_tags:\n        tags: [x]\n  else:\n    add_fields:\n      target: ''\n      fields:\n        service.name: web\n`,
    refs: ['name read tags [tags]', 'name write tags [add_tags]', 'name write service.name [service name]'],
  },
  {
    name: 'an input\'s fields: under fields. by default, at the root with fields_under_root',
    text: `filebeat.inputs:\n  - type: log\n    fields:\n      env: prod\n  - type: log\n    fields_under_root: true\n    fields:\n      service.name: web\n`,
    refs: ['name write fields.env [fields env]', 'name write service.name [service name]'],
    at: `filebeat.inputs:\n  - type: log\n    fields_under_root: true\n    fields:\n      service.na‸me: web\n`, hover: 'service.name',
  },
  {
    name: 'options with parts (community_id fields.*, decompress_gzip_field field.from/to), a dotted option key',
    text: `${P}- community_id:\n    fields.source_ip: source.nat.ip\n    target: network.community_id\n- decompress_gzip_field:\n    field: {from: vendor.gz, to: event.original}\n`,
    refs: ['name read source.nat.ip [source nat ip]', 'name write network.community_id [network community_id]', 'name read vendor.gz [vendor gz]', 'name write event.original [event original]'],
  },
  {
    name: 'move_fields: to as a prefix with a dot is an object written',
    text: `${P}- move_fields:\n    from: vendor\n    fields: [a]\n    to: rpc.\n`,
    refs: ['name read vendor [vendor]', 'name read (taken away) vendor.a [vendor a]', 'name write rpc [rpc]'],
  },
  {
    name: 'metadata processors write their fields by themselves (not judged as names the configuration chose)',
    text: `${P}- add_host_metadata:\n    netinfo.enabled: false\n- add_locale: ~\n`,
    refs: [
      ...['architecture', 'name', 'id', 'containerized', 'os.family', 'os.type', 'os.build', 'os.codename', 'os.platform', 'os.version', 'os.kernel', 'os.name']
        .map((f) => `written by add_host_metadata: host.${f}`),
      'written by add_locale: event.timezone',
    ],
  },
  {
    name: 'aliases: an anchored list is read once, where processors use it',
    text: `common: &common\n  - rename:\n      fields: [{from: a, to: source.ip}]\nfilebeat.inputs:\n  - type: log\n    processors: *common\n  - type: log\n    processors: *common\n`,
    refs: ['name read a [a]', 'name write source.ip [source ip]'],
  },
];

for (const c of referenceCases) {
  test(`Beats references: ${c.name}`, () => {
    assert.deepEqual(refsOf(c.text), c.refs);
    if (!c.at) return;
    const { text, offset } = caret(c.at, CARET);
    const hover = service.hover(parse(text), FILE, offset);
    assert.ok(hover?.markdown.startsWith(`**\`${c.hover}\`**`), `hover at the caret: ${hover?.markdown.split('\n')[0]}`);
    const found = refAt(pieceAt(parse(text), offset).reading, offset);
    assert.ok(found, 'a reference at the caret');
  });
}

const settingsCases: Array<{ name: string; text: string }> = [
  { name: 'output, setup and cloud settings are no fields', text: 'output.elasticsearch:\n  hosts: [x]\n  index: "filebeat-%{[agent.version]}"\nsetup.template.name: x\ncloud.id: "a:b"\ncloud.auth: "u:p"\n' },
  { name: 'an input\'s own options are no fields (httpjson request parts that look like url.*)', text: 'type: httpjson\nrequest.url: https://x\nrequest.transforms:\n  - set:\n      target: url.params.limit\n      value: "[[.cursor.published]]"\nprocessors: []\n' },
  { name: 'environment references and template values name no field', text: `${P}- decode_json_fields:\n    fields: ["\${SOURCE_FIELD:message}"]\n    target: "{{target}}"\n- rename:\n    fields: [{from: a, to: "{{ .to }}"}]\n` },
  { name: 'Elastic Agent\'s condition beside a processor is the agent\'s', text: `${P}- syslog:\n    field: message\n  condition: startsWith(\${agent.version.version}, "7.17") == false\n` },
];

for (const c of settingsCases) {
  test(`Beats settings: ${c.name}`, () => {
    const doc = parse(c.text);
    const diagnostics = service.diagnostics(doc, FILE).map((d) => `${d.code}: ${c.text.slice(d.start, d.end)}`);
    assert.deepEqual(diagnostics.filter((d) => !d.startsWith('syntax-error')), []);
    const names = doc.skeleton.refs.map((r) => r.joinedPath);
    for (const bad of ['url.params.limit', 'agent.version', 'cloud.id', 'output.elasticsearch.index', 'agent.version.version']) assert.ok(!names.includes(bad), bad);
  });
}

test('templates: directives are skipped, both branches of a conditional are read, expression values are not checked', () => {
  const text = '{{#if a}}\nprocessors:\n{{else}}\nprocessors:\n{{/if}}\n- add_fields:\n    target: event\n    fields:\n      kind: {{kind}}\n      type: [{{one}}, info, wrong]\n      outcome: {{#if x}}success{{else}}failur{{/if}}\n      category: nope\n{{! a comment }}\n{{ if .go }}\n- rename:\n    fields: [{from: a, to: source.prot}]\n{{ else }}\n- rename:\n    fields: [{from: a, to: destination.prot}]\n{{ end }}\n';
  const doc = parse(text);
  const found = service.diagnostics(doc, 'agent/stream/stream.yml.hbs').map((d) => `${d.code}: ${text.slice(d.start, d.end)}`);
  assert.deepEqual(found, ['beats-value-invalid: wrong', 'beats-value-invalid: nope', 'unknown-field: prot', 'unknown-field: prot']);
});

/** The labels offered at the caret, and the text each replaces. */
function completionAt(fixture: string): { labels: string[]; replaced: string[]; text: string; entries: ReturnType<LanguageService['complete']> } {
  const { text, offset } = caret(fixture, CARET);
  const entries = service.complete(parse(text), FILE, offset);
  return { labels: entries.map((e) => e.label), replaced: entries.map((e) => text.slice(e.replace.start, e.replace.end)), text, entries };
}

const completionCases: Array<{ name: string; at: string; includes: string[]; excludes?: string[]; replaced?: string }> = [
  { name: 'a key under add_fields offers the fields below its target', at: `${P}- add_fields:\n    target: event\n    fields:\n      ki‸\n`, includes: ['kind', 'category', 'outcome'], replaced: 'ki' },
  { name: 'a key already written is not offered again', at: `${P}- add_fields:\n    target: event\n    fields:\n      kind: alert\n      ‸\n`, includes: ['category'], excludes: ['kind'] },
  { name: 'a constant under add_fields offers the field\'s allowed values', at: `${P}- add_fields:\n    target: event\n    fields:\n      kind: ‸\n`, includes: ['alert', 'event', 'metric'] },
  { name: 'a from/to value offers field names, dotted', at: `${P}- rename:\n    fields:\n      - from: x\n        to: source.‸\n`, includes: ['source.ip', 'source.port'], replaced: 'source.' },
  { name: 'an empty value of a field option', at: `${P}- copy_fields:\n    fields:\n      - from: ‸\n`, includes: ['message', 'source'] },
  { name: 'a condition\'s keys offer field names', at: `${P}- drop_event:\n    when:\n      equals:\n        event.co‸\n`, includes: ['event.code'] },
  { name: 'condition names', at: `${P}- drop_event:\n    when:\n      eq‸\n`, includes: ['equals', 'has_fields', 'and'] },
  { name: 'processor names, with if', at: `${P}- ad‸\n`, includes: ['add_fields', 'add_host_metadata', 'rename', 'if'] },
  { name: 'option names of the processor, those written left out', at: `${P}- add_fields:\n    target: x\n    ‸\n`, includes: ['fields', 'when'], excludes: ['target'] },
  { name: 'an option\'s listed values', at: `${P}- convert:\n    fields:\n      - {from: a, to: source.port, type: ‸}\n`, includes: ['long', 'integer', 'ip'] },
  { name: 'a dissect prefix sets where names are offered', at: `${P}- dissect:\n    tokenizer: '%{a}'\n    target_prefix: ''\n    field: sou‸\n`, includes: ['source'] },
];

for (const c of completionCases) {
  test(`Beats completion: ${c.name}`, () => {
    const { labels, replaced } = completionAt(c.at);
    for (const label of c.includes) assert.ok(labels.includes(label), `${label} in ${labels.slice(0, 20).join(', ')}`);
    for (const label of c.excludes ?? []) assert.ok(!labels.includes(label), `${label} left out`);
    if (c.replaced !== undefined) assert.ok(replaced.every((r) => r === c.replaced), `replaces ${JSON.stringify(c.replaced)}: ${[...new Set(replaced)].join(', ')}`);
  });
}

test('Beats completion: a bare processor gets its required options as a snippet, written as YAML', () => {
  const { entries, text } = completionAt(`${P}  - add_f‸\n`);
  const entry = entries.find((e) => e.label === 'add_fields');
  assert.ok(entry?.snippet);
  const applied = applyEdits(text, [{ ...entry.replace, newText: expandSnippet(entry.insertText) }]);
  assert.equal(applied, `${P}  - add_fields:\n      fields: \n`);
});

/** The text after the first quick fix of the diagnostic with `code` is applied. */
function fixed(text: string, code: string, title?: RegExp): string {
  // The fix whose title matches `title`, else the first (the preferred one).
  const doc = parse(text);
  const all = service.diagnostics(doc, FILE);
  const d = all.find((x) => x.code === code);
  assert.ok(d, `${code} in ${all.map((x) => x.code).join(', ')}`);
  const fixes = service.codeActions(doc, FILE, d, all).filter((f) => f.code === code && f.kind === 'quickfix' && (!title || title.test(f.title)));
  assert.ok(fixes.length > 0, `a fix for ${code}`);
  return applyEdits(text, fixes[0].edits);
}

const fixCases: Array<{ name: string; code: string; before: string; after: string; title?: RegExp }> = [
  { name: 'a misspelt key under add_fields renamed', code: 'unknown-field', title: /'event\.kind'/, before: `${P}- add_fields:\n    target: event\n    fields:\n      knd: alert\n`, after: `${P}- add_fields:\n    target: event\n    fields:\n      kind: alert\n` },
  { name: 'a misspelt to renamed', code: 'unknown-field', before: `${P}- rename:\n    fields: [{from: a, to: source.adress}]\n`, after: `${P}- rename:\n    fields: [{from: a, to: source.address}]\n` },
  { name: 'a misspelt name read renamed', code: 'beats-unknown-read-field', before: `${P}- drop_event.when.equals.source.prot: 22\n`, after: `${P}- drop_event.when.equals.source.port: 22\n` },
  { name: 'an unknown processor changed', code: 'beats-unknown-processor', before: `${P}- add_feilds:\n    fields: {a: 1}\n`, after: `${P}- add_fields:\n    fields: {a: 1}\n` },
  { name: 'an unknown option changed', code: 'beats-unknown-option', before: `${P}- rename:\n    fields: []\n    ignore_mising: true\n`, after: `${P}- rename:\n    fields: []\n    ignore_missing: true\n` },
  { name: 'an unknown condition changed', code: 'beats-unknown-condition', before: `${P}- drop_event.when.equal.event.code: 1\n`, after: `${P}- drop_event.when.equals.event.code: 1\n` },
  { name: 'a required option added', code: 'beats-missing-option', before: `${P}- decode_json_fields:\n    target: json\n`, after: `${P}- decode_json_fields:\n    target: json\n    fields: []\n` },
  { name: 'an option value replaced', code: 'beats-invalid-option-value', before: `${P}- convert:\n    fields: [{from: a, to: b, type: integr}]\n`, after: `${P}- convert:\n    fields: [{from: a, to: b, type: integer}]\n` },
  { name: 'a constant replaced by an allowed value', code: 'beats-value-invalid', before: `${P}- add_fields:\n    target: event\n    fields:\n      kind: "evnt"\n`, after: `${P}- add_fields:\n    target: event\n    fields:\n      kind: "event"\n` },
  { name: 'ecs.version renamed to schema.version', code: 'foreign-meta-field', before: `${P}- add_fields:\n    target: ''\n    fields:\n      ecs.version: 1.6.0\n`, after: `${P}- add_fields:\n    target: ''\n    fields:\n      schema.version: 1.6.0\n` },
];

for (const c of fixCases) {
  test(`Beats quick fix: ${c.name}`, () => {
    assert.equal(fixed(c.before, c.code, c.title), c.after);
  });
}

test('Beats inlay hints: a level badge after each field named, none for names the schema does not know', () => {
  const text = `${P}- rename:\n    fields:\n      - from: vendor.x\n        to: source.ip\n- add_fields:\n    target: event\n    fields:\n      kind: alert\n`;
  const hints = service.inlayHints(parse(text), FILE, { start: 0, end: text.length });
  assert.deepEqual(hints.map((h) => `${text.slice(0, h.offset).split(/\s/).pop()} ${h.label}`), ['source.ip core', 'event core', 'kind core']);
});

test('Beats outline: each processors list with its processors, an if/then/else with what it holds', () => {
  const text = `filebeat.inputs:\n  - type: log\n    processors:\n      - rename:\n          fields: []\n      - if:\n          has_fields: [a]\n        then:\n          - add_tags:\n              tags: [x]\nprocessors:\n  - add_locale: ~\n`;
  const outline = service.symbols(parse(text));
  const shape = (s: { name: string; children: Array<{ name: string; children: unknown[] }> }): unknown => ({ [s.name]: s.children.map((c) => shape(c as never)) });
  assert.deepEqual(outline?.map((s) => shape(s as never)), [{ processors: [{ rename: [] }, { if: [{ add_tags: [] }] }] }, { processors: [{ add_locale: [] }] }]);
});

const BEATS_TEXT = `${P}- add_fields:\n    target: event\n    fields:\n      kind: alert\n`;

test('Beats recognition: the default globs take the Beats\' files, modules.d, inputs.d, agent and module templates', () => {
  const paths = [
    'filebeat.yml', 'deploy/metricbeat.reference.yml', 'winlogbeat.yml', 'auditbeat.yml', 'packetbeat.yml', 'heartbeat.yml', 'etc/filebeat-tcp.yaml',
    'modules.d/nginx.yml', 'inputs.d/zeek.yml', 'elastic-agent.yml', 'filebeat/module/nginx/access/config/nginx-access.yml',
    'packages/nginx/data_stream/access/agent/stream/stream.yml.hbs', 'packages/aws/agent/input/input.yml.hbs',
  ];
  // Text no kind reads by content: the path alone decides.
  for (const path of paths) assert.equal(fileTypeOf(path, 'name: x\n', defaultSettings, testCatalog(), 'handlebars')?.kind, 'beats', path);
});

test('Beats recognition: a Beats glob wins over the pipelines\' globs', () => {
  assert.equal(fileTypeOf('ingest_pipelines/filebeat.yml', BEATS_TEXT, defaultSettings, testCatalog())?.kind, 'beats');
  assert.equal(fileTypeOf('ingest_pipelines/pipeline.yml', 'processors:\n- set:\n    field: event.kind\n    value: alert\n', defaultSettings, testCatalog())?.kind, 'ingestPipeline');
});

test('Beats recognition: by content, a processors list of Beats processors (at the root, under an input); ingest processors are not', () => {
  const beats = [BEATS_TEXT, `filebeat.inputs:\n- type: log\n  processors:\n  - rename:\n      fields: [{from: a, to: b}]\n  - drop_event.when.equals.x: 1\n`, `- type: log\n  processors:\n    - add_locale: ~\n`];
  for (const text of beats) assert.equal(fileTypeOf('notes/config.yml', text, defaultSettings, testCatalog())?.kind, 'beats', text);
  const ingest = [
    `${P}- rename:\n    field: a\n    target_field: source.ip\n- script:\n    lang: painless\n    source: ctx.a = 1\n`,
    `description: x\n${P}- set:\n    field: event.kind\n    value: alert\n`,
  ];
  for (const text of ingest) assert.equal(fileTypeOf('notes/config.yml', text, defaultSettings, testCatalog())?.kind, 'ingestPipeline', text);
  assert.equal(fileTypeOf('notes/config.yml', `${P}- foo:\n    bar: 1\n`, defaultSettings, testCatalog()), undefined, 'no processor of either');
});

test('Beats recognition: a .yml.hbs file is read whatever language the editor gives it; other Handlebars files are not', () => {
  assert.equal(fileTypeOf('notes/stream.yml.hbs', `{{#if x}}\n${BEATS_TEXT}{{/if}}\n`, defaultSettings, testCatalog(), 'handlebars')?.kind, 'beats');
  assert.equal(fileTypeOf('views/page.hbs', '<p>{{processors}}</p>\n', defaultSettings, testCatalog(), 'handlebars'), undefined);
});

/** Every workspace reference of a configuration as `use path "the text of its own segments"` (object places marked). */
function placesOf(text: string): string[] {
  return [...beatsKind.references!(parse(text))].map((r) => `${r.use}${r.object ? ' object' : ''}${r.removes ? ' removes' : ''} ${r.path} "${text.slice(r.start, r.end)}"`);
}

const SHOP = `${P}- add_fields:\n    target: shop\n    fields:\n      order:\n        channel: web\n- drop_fields:\n    fields: [shop.tmp]\n- drop_event.when.equals.shop.order.id: ''\n- dissect:\n    tokenizer: '%{shop.order.id} %{shop.order.note}'\n    field: message\n    target_prefix: ''\n- rename:\n    fields:\n      - {from: shop.order.note, to: shop.note}\n- convert:\n    tag: order_ids\n    fields: [{from: shop.order.id, type: long}]\n`;

test('Beats in the workspace: each place of a name is its own segments, an enclosing key an object place', () => {
  assert.deepEqual(placesOf(SHOP), [
    'write object shop "shop"',
    'write object shop.order "order"',
    'write shop.order.channel "channel"',
    'read removes shop.tmp "shop.tmp"',
    'read shop.order.id "shop.order.id"',
    'write shop.order.id "shop.order.id"',
    'write shop.order.note "shop.order.note"',
    'read message "message"',
    'read shop.order.note "shop.order.note"',
    'write shop.note "shop.note"',
    'read shop.order.id "shop.order.id"',
  ]);
});

test('Beats in the workspace: a label key holding a dot, or labels nested, is one place of the whole label; renaming a nested one is refused', () => {
  const dotted = `${P}- add_labels:\n    labels:\n      a.b: 1\n`;
  const nested = `${P}- add_labels:\n    labels:\n      a:\n        b: 1\n`;
  assert.deepEqual(placesOf(dotted), ['write labels.a.b "a.b"']);
  assert.deepEqual(placesOf(nested), ['write labels.a.b "b"']);
  const renamed = beatsKind.rename!(parse(dotted), ['labels', 'a', 'b'], ['labels', 'a', 'c']);
  assert.ok('edits' in renamed);
  assert.equal(applyEdits(dotted, renamed.edits), dotted.replace('a.b:', 'a.c:'));
  assert.ok('refused' in beatsKind.rename!(parse(nested), ['labels', 'a', 'b'], ['labels', 'a', 'c']));
});

test('Beats in the workspace: a configuration read in units gives the places and identifiers it gives read whole, whether checked first or not', () => {
  const table = loadBeatsProcessorTable();
  const type = fileType('beats', 'yaml');
  const text = `${SHOP}- script:\n    lang: javascript\n    tag: shop_script\n    source: 'function process(e) {}'\n- timestamp:\n    id: '{{ts_id}}'\n    field: shop.time\n    layouts: ['2006']\n`;
  const whole = parseBeatsDocument(text, type, table, { splitAbove: Infinity });
  const read = (checked: boolean): BeatsDocument => {
    const doc = parseBeatsDocument(text, type, table, { splitAbove: 0, fresh: true });
    assert.ok(doc.units.length > 1, 'read in units');
    if (checked) checkBeats(doc, beatsEnv(service.env('yaml', FILE)));
    return doc;
  };
  const places = (doc: BeatsDocument): string[] => [...beatsKind.references!(doc)].map((r) => `${r.start}-${r.end} ${r.use}${r.object ? ' object' : ''}${r.removes ? ' removes' : ''} ${r.path}`);
  const identifiers = beatsKind.tags!(whole);
  // A template's identifier is not known until rendered.
  assert.deepEqual(identifiers.map((t) => `${t.name} (${t.detail}) ${text.slice(t.start, t.end)}`), ['order_ids (convert processor) order_ids', 'shop_script (script processor) shop_script']);
  for (const checked of [false, true]) {
    const doc = read(checked);
    assert.deepEqual(places(doc), places(whole), checked ? 'checked first' : 'not checked');
    assert.deepEqual(beatsKind.tags!(doc), identifiers, checked ? 'checked first' : 'not checked');
  }
});

test('Beats in the workspace: a rename rewrites each place in the file\'s characters, a dotted condition key and an add_fields key below its target included', () => {
  const doc = parse(SHOP);
  const renamed = (from: string, to: string): string => {
    const answer = beatsKind.rename!(doc, from.split('.'), to.split('.'));
    return 'edits' in answer ? applyEdits(SHOP, answer.edits) : `refused: ${answer.refused}`;
  };
  assert.equal(renamed('shop.order.id', 'shop.order.number'), SHOP
    .replace('equals.shop.order.id:', 'equals.shop.order.number:').replace('%{shop.order.id}', '%{shop.order.number}').replace('{from: shop.order.id,', '{from: shop.order.number,'));
  assert.equal(renamed('shop.order.channel', 'shop.order.source'), SHOP.replace('        channel: web', '        source: web'));
  assert.equal(renamed('shop', 'store'), SHOP.replace('target: shop', 'target: store').replace(/shop\./g, 'store.'));
  assert.equal(renamed('shop.order', 'sale'), 'refused: shop.order is written below shop; renaming it moves it out of there, which this file kind does not do: move it by hand first');
});

test('Beats in the workspace: a processor\'s tag or id is a named part; an input\'s pipeline and the output\'s name ingest pipelines', () => {
  assert.deepEqual(beatsKind.tags!(parse(SHOP)).map((t) => `${t.name} ${t.detail} ${SHOP.slice(t.start, t.end)}`), ['order_ids convert processor order_ids']);
  const text = `filebeat.inputs:\n- type: filestream\n  pipeline: shop-orders\n  processors:\n  - timestamp:\n      id: parse_time\n      field: start_time\n      layouts: ['2006']\noutput.elasticsearch:\n  pipelines:\n  - pipeline: '%{[fields.kind]}'\n  - pipeline: audit\n`;
  const doc = parse(text);
  assert.deepEqual(beatsKind.links!(doc).map((l) => `${l.namespace}: ${l.name} ${text.slice(l.start, l.end)}`), ['ingest pipeline: shop-orders shop-orders', 'ingest pipeline: audit audit']);
  assert.deepEqual(beatsKind.tags!(doc).map((t) => t.name), ['parse_time']);
  const template = 'paths: [{{paths}}]\npipeline: {{ IngestPipeline "orders" }}\nprocessors:\n  - add_locale: ~\n';
  const linked = service.parse(template, fileType('beats', 'yaml'));
  assert.ok(isBeats(linked));
  assert.deepEqual(beatsKind.links!(linked).map((l) => `${l.name} ${template.slice(l.start, l.end)}`), ['orders {{ IngestPipeline "orders" }}']);
});
