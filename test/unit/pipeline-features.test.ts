// Ingest pipelines through the language service, as data: each reference form, the diagnostics, completion, hover,
// inlay hints and quick fixes. Fixtures mark the caret with ‸ (grok and painless use `|` themselves).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileType } from '../../server/src/document/fileType';
import type { PipelineDocument } from '../../server/src/kinds/pipelines/pipelineDocument';
import { fileTypeOf } from '../../server/src/service/detect';
import { isPipeline } from '../../server/src/kinds/pipelines/pipelineDocument';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { caret } from '../helpers/caret';
import { expandSnippet, testCatalog } from '../helpers/featureFixture';

const service = new LanguageService(testCatalog());
const FILE = 'elasticsearch/ingest_pipeline/default.yml';

function parse(text: string, format: 'json' | 'yaml'): PipelineDocument {
  const doc = service.parse(text, fileType('ingestPipeline', format));
  assert.ok(isPipeline(doc));
  return doc;
}

/** `role access path [segment texts]` for every reference. */
function refsOf(text: string, format: 'json' | 'yaml'): string[] {
  const doc = parse(text, format);
  return doc.refs.map((r) => `${r.role} ${r.access} ${r.joinedPath} [${r.segments.map((s) => text.slice(s.start, s.end)).join(' ')}]`);
}

const referenceCases: Array<{ name: string; format: 'json' | 'yaml'; text: string; refs: string[] }> = [
  { name: 'a field option is a read, a target a write', format: 'json', text: '{"processors": [{"rename": {"field": "srcip", "target_field": "source.ip"}}]}',
    refs: ['name read srcip [srcip]', 'name write source.ip [source ip]'] },
  { name: 'JSON escapes map to the file\'s own characters', format: 'json', text: '{"processors": [{"set": {"field": "sour\\u0063e.ip", "value": "x"}}]}',
    refs: ['name write source.ip [sour\\u0063e ip]'] },
  { name: 'YAML single quotes', format: 'yaml', text: "processors:\n  - set:\n      field: 'event.kind'\n      value: event\n",
    refs: ['name write event.kind [event kind]'] },
  { name: 'list options: each name', format: 'yaml', text: 'processors:\n  - remove:\n      field: [_tmp.a, message]\n',
    refs: ['name read _tmp.a [_tmp a]', 'name read message [message]'] },
  { name: 'grok captures write, with their type', format: 'yaml', text: 'processors:\n  - grok:\n      field: message\n      patterns: ["%{IP:source.ip} %{NUMBER:source.bytes:long}"]\n',
    refs: ['name read message [message]', 'pattern write source.ip [source ip]', 'pattern write source.bytes [source bytes]'] },
  { name: 'grok pattern definitions', format: 'yaml', text: 'processors:\n  - grok:\n      field: message\n      patterns: ["%{CLIENT}"]\n      pattern_definitions:\n        CLIENT: "%{IP:client.ip}"\n',
    refs: ['name read message [message]', 'pattern write client.ip [client ip]'] },
  { name: 'dissect keys, skip keys left out', format: 'yaml', text: 'processors:\n  - dissect:\n      field: message\n      pattern: "%{source.ip} %{?skipped} %{+message/2}"\n',
    refs: ['name read message [message]', 'pattern write source.ip [source ip]', 'pattern write message [message]'] },
  { name: 'mustache in a value reads', format: 'yaml', text: 'processors:\n  - set:\n      field: event.original\n      value: "{{{message}}} {{_ingest.timestamp}}"\n',
    refs: ['name write event.original [event original]', 'template read message [message]'] },
  { name: 'mustache in a plain option that renders templates', format: 'yaml', text: 'processors:\n  - date:\n      field: ts\n      formats: [ISO8601]\n      timezone: "{{{event.timezone}}}"\n',
    refs: ['name read ts [ts]', 'template read event.timezone [event timezone]', 'name write @timestamp [date]'] },
  { name: 'painless in if reads, assignments write', format: 'yaml', text: "processors:\n  - script:\n      if: ctx.event?.kind != null\n      source: ctx.source.port = ctx['destination']['port'];\n",
    refs: ['script read event.kind [event kind]', 'script write source.port [source port]', 'script read destination.port [destination port]'] },
  { name: 'processors nested in on_failure and foreach', format: 'json', text: '{"processors": [{"foreach": {"field": "x", "processor": {"set": {"field": "event.kind", "value": "a"}}, "on_failure": [{"set": {"field": "error.message", "value": "b"}}]}}]}',
    refs: ['name read x [x]', 'name write error.message [error message]', 'name write event.kind [event kind]'] },
  { name: 'a default target is written by the processor', format: 'yaml', text: 'processors:\n  - user_agent:\n      field: user_agent.original\n',
    refs: ['name read user_agent.original [user_agent original]', 'name write user_agent [user_agent]'] },
  { name: 'metadata and _ingest are not fields; _source. is the document', format: 'yaml', text: 'processors:\n  - set:\n      field: _index\n      value: x\n  - set:\n      field: _source.event.kind\n      value: "{{_ingest.on_failure_message}}"\n',
    refs: ['name write event.kind [event kind]'] },
  // Without a target_field, lowercase writes the field it reads: both a read and a write of it.
  { name: 'a bare array of processors', format: 'json', text: '[{"lowercase": {"field": "event.action"}}]', refs: ['name read event.action [event action]', 'name write event.action [event action]'] },
  { name: 'an in-place processor with a target writes the target only', format: 'json', text: '[{"lowercase": {"field": "event.action", "target_field": "event.reason"}}]',
    refs: ['name read event.action [event action]', 'name write event.reason [event reason]'] },
  { name: 'painless: a method named like one of Object\'s (toString, valueOf) reads the path before it', format: 'yaml',
    text: 'processors:\n  - script:\n      source: ctx.aws.request = ctx.json.requestParameters.toString() + ctx.json.x.valueOf();\n',
    refs: ['script write aws.request [aws request]', 'script read json.requestParameters [json requestParameters]', 'script read json.x [json x]'] },
];

for (const c of referenceCases) {
  test(`pipeline references: ${c.name}`, () => {
    assert.deepEqual(refsOf(c.text, c.format), c.refs);
  });
}

/** `code: text under the range` for every diagnostic. */
function diagnosticsOf(text: string, format: 'json' | 'yaml', console = false): string[] {
  // Console text is a container: the service hands each pipeline request's body to the pipeline adapter.
  const doc = console ? service.parse(text, fileType('ingestPipeline', 'json', true)) : parse(text, format);
  return service.diagnostics(doc, FILE).map((d) => `${d.code}: ${text.slice(d.start, d.end)}`);
}

const HANDLER = 'on_failure:\n  - set:\n      field: event.kind\n      value: pipeline_error\n  - set:\n      field: error.message\n      value: "{{{_ingest.on_failure_message}}}"\n';

const diagnosticCases: Array<{ name: string; format: 'json' | 'yaml'; text: string; diagnostics: string[]; console?: boolean }> = [
  { name: 'a written name unknown in a defined set', format: 'yaml', text: `processors:\n  - rename:\n      field: srcip\n      target_field: source.ipp\n${HANDLER}`,
    diagnostics: ['unknown-field: ipp'] },
  { name: 'a read name outside the schema gets nothing; inside a set, a likely typo', format: 'yaml', text: `processors:\n  - set:\n      if: ctx.event?.outcme == 'x' && ctx.vendor_field != null\n      field: event.kind\n      value: alert\n${HANDLER}`,
    diagnostics: ['unknown-read-field: outcme'] },
  { name: 'a name the pipeline writes is its own when read later', format: 'yaml', text: `processors:\n  - geoip:\n      field: source.ip\n      target_field: source.as\n      database_file: GeoLite2-ASN.mmdb\n  - rename:\n      field: source.as.asn\n      target_field: source.as.number\n${HANDLER}`,
    diagnostics: [] },
  { name: 'a temporary field removed later is not reported', format: 'yaml', text: `processors:\n  - grok:\n      field: message\n      patterns: ["%{IP:_tmp.ip}"]\n  - remove:\n      field: _tmp.ip\n${HANDLER}`,
    diagnostics: [] },
  { name: 'a field below an object the pipeline removes or renames away later is temporary too', format: 'yaml', text: `processors:\n  - set:\n      field: source.Tmp.a\n      value: x\n  - set:\n      field: source.Moved.b\n      value: x\n  - remove:\n      field: source.Tmp\n  - rename:\n      field: source.Moved\n      target_field: vendor.moved\n${HANDLER}`,
    diagnostics: [] },
  { name: 'a painless read through toString() is a read, not a custom name written', format: 'yaml', text: `processors:\n  - script:\n      source: ctx.vendor.params = ctx.json.requestParameters.toString();\n${HANDLER}`,
    diagnostics: [] },
  { name: 'a written name nested below labels, as the same dotted event key', format: 'yaml', text: `processors:\n  - set:\n      field: labels.env.name\n      value: x\n  - set:\n      field: labels.env_name\n      value: x\n${HANDLER}`,
    diagnostics: ['not-flat: env.name'] },
  { name: 'ecs.version: one foreign-meta-field per file', format: 'yaml', text: `processors:\n  - set:\n      field: ecs.version\n      value: 8.0.0\n  - set:\n      field: ecs.version\n      value: 8.0.0\n${HANDLER}`,
    diagnostics: ["foreign-meta-field: ecs.version"] },
  { name: 'unknown processor and option, missing required option', format: 'json', text: '{"processors": [{"grokk": {"field": "message"}}, {"set": {"field": "event.kind", "valeu": "x"}}, {"rename": {"field": "a"}}]}',
    diagnostics: ['no-failure-handler: processors', 'unknown-processor: grokk', 'unknown-option: valeu', 'missing-option: rename'] },
  { name: 'an if that is not a string; a template where none is taken', format: 'yaml', text: `processors:\n  - set:\n      if: true\n      field: event.kind\n      value: alert\n      tag: "{{event.kind}}"\n${HANDLER}`,
    diagnostics: ['condition-not-string: true', 'template-not-taken: "{{event.kind}}"'] },
  { name: 'an unknown top-level key', format: 'json', text: '{"descriptoin": "x", "processors": []}', diagnostics: ['unknown-pipeline-key: descriptoin', 'no-failure-handler: processors'] },
  { name: 'a pipeline is not an event: no missing @timestamp', format: 'json', text: '{"processors": [{"set": {"field": "event.kind", "value": "event"}}]}', diagnostics: ['no-failure-handler: processors'] },
  { name: 'console text: each pipeline request\'s body', format: 'json', console: true,
    text: '# a comment\nPUT _ingest/pipeline/one\n{"processors": [{"set": {"field": "source.ipp", "value": "x"}}]}\n\nGET _cat/indices\n\nPUT _ingest/pipeline/two\n{"processors": [{"grokk": {}}]}\n',
    diagnostics: ['no-failure-handler: processors', 'unknown-field: ipp', 'no-failure-handler: processors', 'unknown-processor: grokk'] },
  { name: 'a convert type that does not fit the target field', format: 'yaml', text: `processors:\n  - convert:\n      field: source.bytes\n      type: boolean\n${HANDLER}`,
    diagnostics: ['convert-type-mismatch: boolean'] },
  { name: 'grok capture types: a typed capture into a keyword field, an untyped one into a number', format: 'yaml', text: `processors:\n  - grok:\n      field: message\n      patterns: ["%{NUMBER:event.action:int} %{NUMBER:source.bytes}"]\n${HANDLER}`,
    diagnostics: ['capture-type-mismatch: event.action', 'capture-type-mismatch: source.bytes'] },
  { name: 'a dissect capture into a number field leaves a string there; converted later it is fine', format: 'yaml',
    text: `processors:\n  - dissect:\n      field: message\n      pattern: "%{client.port} %{source.port} %{user.name}"\n  - convert:\n      field: source.port\n      type: long\n${HANDLER}`,
    diagnostics: ['capture-type-mismatch: client.port'] },
  { name: 'an untyped capture converted later, even under an if, is fine', format: 'yaml', text: `processors:\n  - grok:\n      field: message\n      patterns: ["%{NUMBER:source.bytes}"]\n  - convert:\n      if: ctx.source?.bytes != null\n      field: source.bytes\n      type: long\n${HANDLER}`,
    diagnostics: [] },
  { name: 'a date processor writing a field that is not a date', format: 'yaml', text: `processors:\n  - date:\n      field: ts\n      formats: [ISO8601]\n      target_field: event.action\n${HANDLER}`,
    diagnostics: ['date-target-not-date: event.action'] },
  { name: 'a constant set.value outside the allowed values, or of the wrong type', format: 'yaml', text: `processors:\n  - set:\n      field: event.kind\n      value: evnt\n  - set:\n      field: source.port\n      value: http\n${HANDLER}`,
    diagnostics: ['set-value-invalid: evnt', 'set-value-invalid: http'] },
  { name: 'two processors in one object: an error, and the second is read too (its misspelt target found)', format: 'json',
    text: '{"processors": [{"dissect": {"field": "message", "pattern": "%{source.ip}"}, "rename": {"field": "a", "target_field": "source.ipp"}}]}',
    diagnostics: ['no-failure-handler: processors', 'several-processors: rename', 'unknown-field: ipp'] },
  { name: 'an in-place processor writes the field it reads: a misspelt one is one unknown-field, not a read warning at each read', format: 'yaml',
    text: `processors:\n  - lowercase:\n      field: event.actoin\n  - set:\n      if: ctx.event?.actoin == 'x'\n      field: event.kind\n      value: alert\n${HANDLER}`,
    diagnostics: ['unknown-field: actoin'] },
  { name: 'a custom name written at the root holds a value: a hint; one a json processor fills, or read below, is a namespace', format: 'yaml',
    text: `processors:\n  - set:\n      field: rack\n      value: x\n  - json:\n      field: message\n      target_field: parsed\n  - set:\n      field: vendor\n      copy_from: parsed.vendor\n  - rename:\n      field: vendor.a\n      target_field: event.action\n${HANDLER}`,
    diagnostics: ['unnamespaced-custom-field: rack'] },
  { name: 'the same as JSON read in units: a hint on the value, none on the namespaces', format: 'json',
    text: '{"processors": [{"set": {"field": "rack", "value": "x"}}, {"json": {"field": "message", "target_field": "parsed"}}, {"set": {"field": "vendor", "copy_from": "parsed.vendor"}}, {"rename": {"field": "vendor.a", "target_field": "event.action"}}]}',
    diagnostics: ['no-failure-handler: processors', 'unnamespaced-custom-field: rack'] },
  { name: 'syntax errors are reported, the rest still read', format: 'json', text: '{"processors": [{"set": {"field": "source.ipp", "value": }}]}',
    diagnostics: ['no-failure-handler: processors', 'unknown-field: ipp', 'syntax-error: }'] },
];

for (const c of diagnosticCases) {
  test(`pipeline diagnostics: ${c.name}`, () => {
    assert.deepEqual(diagnosticsOf(c.text, c.format, c.console), c.diagnostics);
  });
}

function completionAt(fixture: string, format: 'json' | 'yaml'): { labels: string[]; text: string; apply(label: string): string } {
  const { text, offset } = caret(fixture, '‸');
  const entries = service.complete(parse(text, format), FILE, offset);
  return {
    labels: entries.map((e) => e.label),
    text,
    apply(label) {
      const e = entries.find((x) => x.label === label);
      assert.ok(e, `no completion '${label}' in ${entries.map((x) => x.label).slice(0, 20).join(', ')}`);
      return text.slice(0, e.replace.start) + (e.snippet ? expandSnippet(e.insertText) : e.insertText) + text.slice(e.replace.end);
    },
  };
}

const completionCases: Array<{ name: string; format: 'json' | 'yaml'; fixture: string; pick: string; result: string }> = [
  { name: 'a field option value', format: 'yaml', fixture: 'processors:\n  - set:\n      field: source.i‸\n', pick: 'source.ip', result: 'processors:\n  - set:\n      field: source.ip\n' },
  { name: 'inside a grok pattern', format: 'json', fixture: '{"processors": [{"grok": {"field": "message", "patterns": ["%{IP:source.i‸}"]}}]}', pick: 'source.ip',
    result: '{"processors": [{"grok": {"field": "message", "patterns": ["%{IP:source.ip}"]}}]}' },
  { name: 'inside a mustache template', format: 'yaml', fixture: 'processors:\n  - set:\n      field: x\n      value: "{{event.ki‸}}"\n', pick: 'event.kind',
    result: 'processors:\n  - set:\n      field: x\n      value: "{{event.kind}}"\n' },
  { name: 'a painless path segment', format: 'yaml', fixture: 'processors:\n  - set:\n      if: ctx.event?.outc‸ == null\n      field: x\n      value: y\n', pick: 'outcome',
    result: 'processors:\n  - set:\n      if: ctx.event?.outcome == null\n      field: x\n      value: y\n' },
  { name: 'a processor name', format: 'json', fixture: '{"processors": [{"gro‸": {}}]}', pick: 'grok', result: '{"processors": [{"grok": {}}]}' },
  { name: 'a new YAML item: the processor with its required options', format: 'yaml', fixture: 'processors:\n  - renam‸\n', pick: 'rename',
    result: 'processors:\n  - rename:\n      field: \n      target_field: \n' },
  { name: 'an allowed value of the field set writes', format: 'yaml', fixture: 'processors:\n  - set:\n      field: event.kind\n      value: al‸\n', pick: 'alert',
    result: 'processors:\n  - set:\n      field: event.kind\n      value: alert\n' },
  { name: 'an option name', format: 'json', fixture: '{"processors": [{"rename": {"field": "a", "tar‸"}}]}', pick: 'target_field',
    result: '{"processors": [{"rename": {"field": "a", "target_field"}}]}' },
];

for (const c of completionCases) {
  test(`pipeline completion: ${c.name}`, () => {
    assert.equal(completionAt(c.fixture, c.format).apply(c.pick), c.result);
  });
}

const hoverCases: Array<{ name: string; format: 'json' | 'yaml'; fixture: string; says: RegExp; under: string }> = [
  { name: 'a field option value', format: 'yaml', fixture: 'processors:\n  - set:\n      field: source.i‸p\n      value: x\n', says: /source\.ip[\s\S]*ip/, under: 'ip' },
  { name: 'a grok capture', format: 'yaml', fixture: 'processors:\n  - grok:\n      field: message\n      patterns: ["%{IP:sou‸rce.ip}"]\n', says: /source/, under: 'source' },
  { name: 'a processor name', format: 'json', fixture: '{"processors": [{"ren‸ame": {"field": "a", "target_field": "b"}}]}', says: /rename[\s\S]*Required: `field`, `target_field`/, under: 'rename' },
  { name: 'an option name', format: 'json', fixture: '{"processors": [{"rename": {"tar‸get_field": "b"}}]}', says: /target_field/, under: 'target_field' },
];

for (const c of hoverCases) {
  test(`pipeline hover: ${c.name}`, () => {
    const { text, offset } = caret(c.fixture, '‸');
    const result = service.hover(parse(text, c.format), FILE, offset);
    assert.ok(result, 'no hover');
    assert.match(result.markdown, c.says);
    assert.equal(text.slice(result.start, result.end), c.under);
  });
}

test('pipeline inlay hints: a level badge after each known name, none after unknown ones or default writes', () => {
  const text = 'processors:\n  - rename:\n      field: srcip\n      target_field: source.ip\n  - user_agent:\n      field: user_agent.original\n';
  const hints = service.inlayHints(parse(text, 'yaml'), FILE, { start: 0, end: text.length });
  assert.deepEqual(hints.map((h) => `${text.slice(0, h.offset).split(/[\s:]/).pop()} ${h.label}`), ['source.ip core']);
});

const fixCases: Array<{ name: string; format: 'json' | 'yaml'; text: string; code: string; title: string; result: string }> = [
  { name: 'rename a field option value', format: 'yaml', text: 'processors:\n  - set:\n      field: source.ipp\n      value: x\n', code: 'unknown-field', title: "Rename to 'source.ip'",
    result: 'processors:\n  - set:\n      field: source.ip\n      value: x\n' },
  { name: 'rename inside a grok pattern', format: 'json', text: '{"processors": [{"grok": {"field": "m", "patterns": ["%{IP:source.ipp}"]}}]}', code: 'unknown-field', title: "Rename to 'source.ip'",
    result: '{"processors": [{"grok": {"field": "m", "patterns": ["%{IP:source.ip}"]}}]}' },
  { name: 'rename a painless path written in brackets', format: 'yaml', text: "processors:\n  - set:\n      if: ctx['event']['outcme'] == 'x'\n      field: a\n      value: b\n", code: 'unknown-read-field', title: "Rename to 'event.outcome'",
    result: "processors:\n  - set:\n      if: ctx['event']['outcome'] == 'x'\n      field: a\n      value: b\n" },
  { name: 'add a required option', format: 'json', text: '{"processors": [{"rename": {"field": "a"}}]}', code: 'missing-option', title: "Add the required option 'target_field'",
    result: '{"processors": [{"rename": {"field": "a", "target_field": ""}}]}' },
  { name: 'add the failure handler (YAML)', format: 'yaml', text: 'description: x\nprocessors:\n  - set:\n      field: event.kind\n      value: event\n', code: 'no-failure-handler', title: 'Add an on_failure handler that sets event.kind: pipeline_error and error.message',
    result: 'description: x\nprocessors:\n  - set:\n      field: event.kind\n      value: event\non_failure:\n  - set:\n      field: event.kind\n      value: "pipeline_error"\n  - set:\n      field: error.message\n      value: "{{{_ingest.on_failure_message}}}"\n' },
  { name: 'add the failure handler (JSON)', format: 'json', text: '{"processors": []}', code: 'no-failure-handler', title: 'Add an on_failure handler that sets event.kind: pipeline_error and error.message',
    result: '{"processors": [], "on_failure": [{"set": {"field": "event.kind", "value": "pipeline_error"}}, {"set": {"field": "error.message", "value": "{{{_ingest.on_failure_message}}}"}}]}' },
  { name: 'replace a value with an allowed one', format: 'json', text: '{"processors": [{"set": {"field": "event.kind", "value": "evnt"}}]}', code: 'set-value-invalid', title: "Replace with 'event'",
    result: '{"processors": [{"set": {"field": "event.kind", "value": "event"}}]}' },
  { name: 'type a grok capture', format: 'yaml', text: 'processors:\n  - grok:\n      field: m\n      patterns: ["%{NUMBER:source.bytes}"]\n', code: 'capture-type-mismatch', title: "Capture as ':long'",
    result: 'processors:\n  - grok:\n      field: m\n      patterns: ["%{NUMBER:source.bytes:long}"]\n' },
  { name: 'convert a dissect capture after its processor (YAML, in the middle of the list)', format: 'yaml',
    text: 'processors:\n  - dissect:\n      field: m\n      pattern: "%{client.port} %{message}"\n  - set:\n      field: event.kind\n      value: event\n',
    code: 'capture-type-mismatch', title: "Convert 'client.port' to 'long' after this processor",
    result: 'processors:\n  - dissect:\n      field: m\n      pattern: "%{client.port} %{message}"\n  - convert:\n      field: client.port\n      type: long\n      ignore_missing: true\n  - set:\n      field: event.kind\n      value: event\n' },
  { name: 'convert a dissect capture after its processor (JSON)', format: 'json',
    text: '{"processors": [{"dissect": {"field": "m", "pattern": "%{http.response.bytes}"}}]}',
    code: 'capture-type-mismatch', title: "Convert 'http.response.bytes' to 'long' after this processor",
    result: '{"processors": [{"dissect": {"field": "m", "pattern": "%{http.response.bytes}"}}, {"convert": {"field": "http.response.bytes", "type": "long", "ignore_missing": true}}]}' },
  { name: 'an unknown processor', format: 'json', text: '{"processors": [{"grokk": {"field": "m", "patterns": []}}]}', code: 'unknown-processor', title: "Change to 'grok'",
    result: '{"processors": [{"grok": {"field": "m", "patterns": []}}]}' },
];

for (const c of fixCases) {
  test(`pipeline quick fix: ${c.name}`, () => {
    const doc = parse(c.text, c.format);
    const d = service.diagnostics(doc, FILE).find((x) => x.code === c.code);
    assert.ok(d, `no ${c.code}`);
    const fix = service.codeActions(doc, FILE, d, [d]).find((f) => f.title === c.title);
    assert.ok(fix, `no fix '${c.title}'`);
    let out = c.text;
    for (const e of [...fix.edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
    assert.equal(out, c.result);
  });
}

const detectionCases: Array<{ file: string; text: string; is: string }> = [
  { file: 'pkg/data_stream/a/elasticsearch/ingest_pipeline/default.yml', text: 'description: x\n', is: 'ingestPipeline/yaml' },
  { file: 'anywhere/pipeline.json', text: '{"description": "x", "processors": [{"set": {"field": "a", "value": 1}}]}', is: 'ingestPipeline/json' },
  { file: 'mapper/processors.json', text: '[{"rename": {"field": "a", "target_field": "b"}}, {"lowercase": {"field": "b"}}]', is: 'ingestPipeline/json' },
  { file: 'anywhere/pipeline.yml', text: '---\nprocessors:\n  - grok:\n      field: message\n      patterns: ["%{IP:source.ip}"]\n', is: 'ingestPipeline/yaml' },
  { file: 'requests.http', text: 'PUT _ingest/pipeline/x\n{"processors": []}\n', is: 'ingestPipeline/json console' },
  { file: 'requests.http', text: 'GET _cat/indices\n', is: 'none' },
  { file: 'anywhere/event.json', text: '{"@timestamp": "2024-05-01T12:00:00Z", "processors": [{"set": {}}]}', is: 'events/json' },
  { file: 'pkg/data_stream/a/_dev/test/pipeline/test-a.json', text: '{"events": [{"@timestamp": "x", "message": "y"}]}', is: 'none' },
  { file: 'pkg/data_stream/a/_dev/test/pipeline/test-a.log-expected.json', text: '{"expected": [{"@timestamp": "x"}]}', is: 'events/json' },
  // Two processors written in one object are still a pipeline's items (the error says so), not an event.
  { file: 'anywhere/short.json', text: '{"processors": [{"set": {"field": "a", "value": 1}, "remove": {"field": "b"}}, {"lowercase": {"field": "c"}, "trim": {"field": "d"}}, {"set": {"field": "e", "value": 2}}]}', is: 'ingestPipeline/json' },
  { file: 'anywhere/short.yml', text: 'processors:\n  - set:\n      field: a\n      value: 1\n    remove:\n      field: b\n  - lowercase:\n      field: c\n', is: 'ingestPipeline/yaml' },
  // A _simulate request's body saved as a file: a pipeline and the documents it is tried on.
  { file: 'anywhere/simulate.json', text: '{"pipeline": {"processors": [{"set": {"field": "event.kind", "value": "event"}}]}, "docs": [{"_source": {"message": "x"}}]}', is: 'ingestPipeline/json' },
  { file: 'anywhere/simulate.yml', text: 'pipeline:\n  processors:\n    - lowercase:\n        field: message\ndocs:\n  - _source:\n      message: X\n', is: 'ingestPipeline/yaml' },
  // A Beats configuration is its own kind, never a pipeline.
  { file: 'filebeat.yml', text: 'filebeat.inputs:\n  - type: log\n    processors:\n      - add_host_metadata: ~\nprocessors:\n  - add_cloud_metadata: ~\n', is: 'beats/yaml' },
];

for (const c of detectionCases) {
  test(`pipeline detection: ${c.file}: ${c.is}`, () => {
    const type = fileTypeOf(c.file, c.text, defaultSettings, testCatalog());
    assert.equal(type ? `${type.kind}/${type.format}${type.console ? ' console' : ''}` : 'none', c.is);
  });
}
