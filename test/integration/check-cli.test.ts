// `fieldwise check` through the built CLI (dist/cli.js, from `npm run build`), as CI runs it: every output
// format, every exit code, custom definitions, and the real-world corpus in ../shared/corpus.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv04 from 'ajv-draft-04';
import { corpusFiles, corpusRoot } from '../helpers/corpus';

const ROOT = resolve(__dirname, '../..');
const CLI = resolve(ROOT, 'dist/cli.js');

interface Run { code: number; stdout: string; stderr: string }

function cli(args: string[], cwd = ROOT, input?: string): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [CLI, 'check', ...args], { cwd, timeout: 120_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FIELDWISE_DEBUG: '' } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

interface JsonRow {
  file: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: string;
  code: string;
  message: string;
}

async function json(args: string[], cwd = ROOT): Promise<{ run: Run; rows: JsonRow[] }> {
  const run = await cli(['--format', 'json', ...args], cwd);
  return { run, rows: JSON.parse(run.stdout) as JsonRow[] };
}

/** The text a 0-based, UTF-16 LSP range covers in a file. */
function rangeText(text: string, range: JsonRow['range']): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(offset(range.start), offset(range.end));
}

let work: string;

before(() => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run \`npm run build\` first`);
  work = mkdtempSync(join(tmpdir(), 'fieldwise-check-'));
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(work, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const CLEAN = '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "message": "ok"}\n';

// ---------------------------------------------------------------- outputs

test('text: file:line:col severity code message, 1-based, over the examples folder', async () => {
  const run = await cli(['examples/']);
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stdout.trimEnd().split('\n');
  for (const line of lines) assert.match(line, /^examples\/[\w.]+:\d+:\d+ (error|warning|information|hint) [a-z-]+ \S.*$/);
  const broken = readFileSync(join(ROOT, 'examples/broken.json'), 'utf8');
  const at = broken.indexOf('"prot"') + 1;
  const line = broken.slice(0, at).split('\n').length;
  const col = at - broken.lastIndexOf('\n', at - 1);
  assert.ok(lines.includes(`examples/broken.json:${line}:${col} error unknown-field Unknown field 'source.prot': the schema defines no such field in the Client, Server, Source, Destination field set; did you mean 'source.port'?`), run.stdout);
  const codes = new Set(lines.filter((l) => l.startsWith('examples/broken')).map((l) => l.split(' ')[2]));
  for (const code of ['type-mismatch', 'invalid-version', 'invalid-value', 'out-of-range', 'unknown-field', 'nested-only', 'dotted-key', 'not-flat', 'deprecated-field', 'foreign-meta-field', 'unrecommended-value', 'missing-required']) {
    assert.ok(codes.has(code), `no ${code} on the broken examples`);
  }
  assert.ok(!lines.some((l) => /^examples\/event\.\w+:\d+:\d+ (error|warning) /.test(l)), 'the correct examples have errors or warnings');
  assert.match(run.stderr, /4 event documents checked/);
});

test('json: one array, positions 0-based in UTF-16 code units, file as given', async () => {
  const path = file('utf16/a.json', '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "message": "Linköping 😀", "source": {"port": "80"}}\n');
  const { run, rows } = await json(['utf16/a.json'], work);
  assert.equal(run.code, 1);
  assert.deepEqual(rows.map((r) => [r.file, r.code, r.severity]), [['utf16/a.json', 'type-mismatch', 'error']]);
  const text = readFileSync(path, 'utf8');
  assert.equal(rows[0].range.start.line, 0);
  assert.equal(rows[0].range.start.character, text.indexOf('"80"'));
  assert.equal(rangeText(text, rows[0].range), '"80"');
  assert.deepEqual(Object.keys(rows[0]), ['file', 'range', 'severity', 'code', 'message']);
});

test('json: every information and hint is reported (the editor\'s ceiling on them does not apply)', async () => {
  const lines = Array.from({ length: 1205 }, () => '{"@timestamp":"2021-05-04T10:12:01Z","schema":{"version":"1.11.0"},"file":{"path":"/x"}}');
  const path = file('many-hints.ndjson', `${lines.join('\n')}\n`);
  const { run, rows } = await json([path]);
  assert.equal(run.code, 0, 'hints never change the exit status');
  assert.equal(rows.filter((r) => r.code === 'undefined-field-set').length, 1205);
  assert.ok(!rows.some((r) => r.code === 'information-and-hints-left-out'));
});

test('json: files found under a folder are named below the folder given', async () => {
  file('tree/logs/a.ndjson', CLEAN.replace('"ok"', '"ok", "event": {"kind": "nope"}'));
  file('tree/package.json', '{"name": "x", "version": "1.0.0"}');
  const { rows } = await json(['tree'], work);
  // A candidate by its extension that is none of the kinds is said once, as information, with an empty range.
  assert.deepEqual(rows.map((r) => [r.file, r.code]), [['tree/logs/a.ndjson', 'invalid-value'], ['tree/package.json', 'file-not-recognised']]);
  const unknown = rows[1];
  assert.equal(unknown.severity, 'information');
  assert.deepEqual(unknown.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  assert.match(unknown.message, /event documents, pipeline files, field definition files, mapping files/);
});

/** The SARIF 2.1.0 schema as an npm package ships it (@microsoft/jest-sarif), when installed. */
function sarifSchema(): object | undefined {
  const candidates = [
    join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
    join(ROOT, '.tools/sarif/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
  ];
  const found = candidates.find((p) => existsSync(p));
  return found ? (JSON.parse(readFileSync(found, 'utf8')) as object) : undefined;
}

/** The parts of a SARIF 2.1.0 log these tests read (the schema test checks the whole). */
interface SarifLog {
  version: string;
  runs: Array<{
    tool: { driver: { name: string; rules: SarifRule[] } };
    results: Array<{ ruleId: string; ruleIndex?: number; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; endLine: number } } }> }>;
  }>;
}
interface SarifRule { id: string; name: string; shortDescription: { text: string }; fullDescription: { text: string }; defaultConfiguration: { level: string }; properties: { specSource: string } }

test('sarif: a SARIF 2.1.0 log with rule metadata, structurally sound', async () => {
  const run = await cli(['--format', 'sarif', 'examples/']);
  assert.equal(run.code, 1, run.stderr);
  const log = JSON.parse(run.stdout) as SarifLog;
  assert.equal(log.version, '2.1.0');
  assert.equal(log.runs.length, 1);
  const driver = log.runs[0].tool.driver;
  assert.equal(driver.name, 'fieldwise');
  const ids: string[] = driver.rules.map((r) => r.id);
  for (const code of ['syntax-error', 'unknown-field', 'type-mismatch', 'foreign-meta-field', 'undefined-field-set']) assert.ok(ids.includes(code), code);
  for (const rule of driver.rules) {
    assert.ok(rule.fullDescription.text.length > 10, rule.id);
    assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level), rule.id);
  }
  const results = log.runs[0].results;
  assert.ok(results.length > 10);
  for (const result of results) {
    assert.equal(ids[result.ruleIndex ?? -1], result.ruleId);
    const region = result.locations[0].physicalLocation.region;
    assert.ok(region.startLine >= 1 && region.startColumn >= 1 && region.endLine >= region.startLine);
    assert.match(result.locations[0].physicalLocation.artifactLocation.uri, /^examples\/(broken|event)\.(json|yaml)$/);
  }
  const errorsInText = (await cli(['examples/'])).stdout.split('\n').filter((l) => / error /.test(l)).length;
  assert.equal(results.filter((r) => r.level === 'error').length, errorsInText);
});

test('sarif: valid against the SARIF 2.1.0 JSON schema', { skip: sarifSchema() ? false : 'the SARIF schema package (@microsoft/jest-sarif) is not installed' }, async () => {
  // The schema is draft-04, which ajv reads through ajv-draft-04.
  const ajv = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false });
  const validate = ajv.compile(sarifSchema() as object);
  const run = await cli(['--format', 'sarif', 'examples/', join(work, 'utf16/a.json')]);
  const log = JSON.parse(run.stdout) as unknown;
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
});

// ---------------------------------------------------------------- exit codes

test('exit 0 when clean, information and hints never count', async () => {
  file('codes/clean.json', CLEAN);
  file('codes/hints.yaml', '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11.0\nuser_agent:\n  original: curl\n  device: phone\nnetwork:\n  direction: sideways\n');
  const run = await cli(['--max-warnings', '0', 'codes/clean.json', 'codes/hints.yaml'], work);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /information unrecommended-value/);
  assert.match(run.stdout, /hint undefined-field-set/);
});

test('exit 1 on any error, a syntax error included', async () => {
  file('codes/syntax.json', '{"@timestamp": "2024-05-01T12:00:00Z" "schema": {"version": "1.11.0"}}');
  const run = await cli(['codes/syntax.json'], work);
  assert.equal(run.code, 1);
  assert.match(run.stdout, /^codes\/syntax\.json:1:39 error syntax-error Comma ',' expected$/m);
});

test('warnings fail only past --max-warnings', async () => {
  file('codes/warn.json', '{"@timestamp": "2024-05-01T12:00:00Z", "schema.version": "1.11.0", "event.kind": "event"}');
  assert.equal((await cli(['codes/warn.json'], work)).code, 0);
  assert.equal((await cli(['--max-warnings', '2', 'codes/warn.json'], work)).code, 0);
  assert.equal((await cli(['--max-warnings', '1', 'codes/warn.json'], work)).code, 1);
  assert.equal((await cli(['--max-warnings=0', 'codes/warn.json'], work)).code, 1);
});

test('exit 2 for bad usage, with the usage', async () => {
  for (const args of [[], ['--format', 'xml', 'a.json'], ['--max-warnings', 'many', 'a.json'], ['--bogus', 'a.json']]) {
    const run = await cli(args, work);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, /usage: fieldwise check/);
    assert.equal(run.stdout, '');
  }
});

test('exit 2 for an unreadable file, named, and it wins over errors found elsewhere', async () => {
  file('codes/bad.json', CLEAN.replace('"ok"', '"ok", "source": {"port": "x"}'));
  const run = await cli(['codes/bad.json', 'codes/missing.json', 'nothing/*.json'], work);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /codes\/missing\.json: cannot read: no such file/);
  assert.match(run.stderr, /nothing\/\*\.json: no such file or folder, and no file matches it as a glob/);
  assert.match(run.stdout, /codes\/bad\.json:1:\d+ error type-mismatch/);
});

test('a folder with no file to check says so, and exits 0', async () => {
  file('quiet/notes.md', '# nothing to check\n');
  const run = await cli(['quiet'], work);
  assert.equal(run.code, 0);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /^fieldwise check: 0 files checked: 0 errors, 0 warnings, 0 information, 0 hints in \d+\.\d+ s\n$/);
});

test('globs expand to event documents; standard input as -', async () => {
  file('glob/a/one.json', CLEAN);
  file('glob/b/two.json', CLEAN.replace('"ok"', '"ok", "event": {"kind": "x"}'));
  file('glob/b/package.json', '{"name": "x"}');
  const run = await cli(['glob/**/*.json'], work);
  assert.equal(run.code, 1);
  assert.deepEqual(run.stdout.trimEnd().split('\n').map((l) => l.split(' ').slice(0, 3).join(' ')),
    ['glob/b/package.json:1:1 information file-not-recognised', 'glob/b/two.json:1:108 error invalid-value']);
  assert.match(run.stderr, /2 event documents and 1 file not recognised checked/);
  const piped = await cli(['--format', 'json', '-'], work, '{"@timestamp": "2024-05-01T12:00:00Z"}\n');
  assert.deepEqual((JSON.parse(piped.stdout) as JsonRow[]).map((r) => [r.file, r.code]), [['-', 'missing-required']]);
});

test('--definitions adds custom field sets; a broken definition is exit 2', async () => {
  file('defs/shop.yml', 'fieldset: shop\ntitle: Shop\ndescription: A web shop.\nfields:\n  - name: order_id\n    type: keyword\n    level: extended\n    description: Order number.\n  - name: total\n    type: float\n    level: extended\n    description: Order total.\n');
  file('defs/bad.yml', 'fieldset: shop\ntitle: Shop\ndescription: x\nfields:\n  - name: total\n    type: money\n    level: extended\n    description: x\n');
  file('defs/event.json', CLEAN.replace('"ok"', '"ok", "shop": {"totl": "12.5", "order_id": "A1"}'));
  const without = await json(['defs/event.json'], work);
  assert.deepEqual(without.rows, []);
  const withDefs = await json(['--definitions', 'defs/shop.yml', 'defs/event.json'], work);
  assert.deepEqual(withDefs.rows.map((r) => r.code), ['unknown-field']);
  assert.match(withDefs.rows[0].message, /did you mean 'shop\.total'/);
  const broken = await cli(['--definitions', 'defs/bad.yml', 'defs/event.json'], work);
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /bad\.yml/);
});

// ---------------------------------------------------------------- pipelines

const PIPELINE_YAML = 'processors:\n  - set:\n      field: source.ipp\n      value: x\n  - grokk:\n      field: message\n  - set:\n      if: ctx.event?.outcme != null\n      field: event.kind\n      value: alert\n';
const HANDLER_JSON = '"on_failure": [{"set": {"field": "event.kind", "value": "pipeline_error"}}, {"set": {"field": "error.message", "value": "{{{_ingest.on_failure_message}}}"}}]';
/** Found by content (no pipeline glob takes notes/): a pipeline with warnings and hints only. */
const PIPELINE_JSON = `{"description": "d", "processors": [{"set": {"field": "user_agent.name", "value": "{{ctx.host?.nme}}"}}, {"rename": {"field": "a", "target_field": "b", "tagg": 1}}], ${HANDLER_JSON}}\n`;

function pipelineFolder(): void {
  file('pipes/elasticsearch/ingest_pipeline/default.yml', PIPELINE_YAML);
  file('pipes/notes/pipeline.json', PIPELINE_JSON);
  file('pipes/events/ok.json', CLEAN);
  file('pipes/events/bad.json', CLEAN.replace('"ok"', '"ok", "source": {"prot": 1}'));
  file('pipes/package.json', '{"name": "x", "processors": 1}');
}

test('pipelines: a folder with pipelines and events, text: every pipeline finding listed, exit 1 on errors', async () => {
  pipelineFolder();
  const run = await cli(['pipes'], work);
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stdout.trimEnd().split('\n').map((l) => l.split(' ').slice(0, 3).join(' '));
  assert.deepEqual(lines, [
    'pipes/elasticsearch/ingest_pipeline/default.yml:1:1 hint no-failure-handler',
    'pipes/elasticsearch/ingest_pipeline/default.yml:3:21 error unknown-field',
    'pipes/elasticsearch/ingest_pipeline/default.yml:5:5 error unknown-processor',
    'pipes/elasticsearch/ingest_pipeline/default.yml:8:22 warning unknown-read-field',
    'pipes/events/bad.json:1:102 error unknown-field',
    'pipes/notes/pipeline.json:1:56 hint undefined-field-set',
    'pipes/notes/pipeline.json:1:149 hint unnamespaced-custom-field',
    'pipes/notes/pipeline.json:1:154 error unknown-option',
    'pipes/package.json:1:1 information file-not-recognised',
  ]);
  assert.match(run.stderr, /2 event documents, 2 pipeline files and 1 file not recognised checked: 4 errors, 1 warning, 1 information, 3 hints/);
});

test('pipelines: json rows cover the names in the file\'s own characters; a pipeline with only warnings exits 0', async () => {
  pipelineFolder();
  const { run, rows } = await json(['pipes/elasticsearch/ingest_pipeline/default.yml'], work);
  assert.equal(run.code, 1);
  const text = readFileSync(join(work, 'pipes/elasticsearch/ingest_pipeline/default.yml'), 'utf8');
  assert.deepEqual(rows.map((r) => `${r.code} ${rangeText(text, r.range)}`), ['no-failure-handler processors', 'unknown-field ipp', 'unknown-processor grokk', 'unknown-read-field outcme']);
  file('warn/ingest/only-warnings.yml', `processors:\n  - set:\n      if: ctx.event?.outcme != null\n      field: event.kind\n      value: alert\non_failure:\n  - set:\n      field: event.kind\n      value: pipeline_error\n  - set:\n      field: error.message\n      value: "{{ _ingest.on_failure_message }}"\n`);
  const warn = await cli(['warn'], work);
  assert.equal(warn.code, 0, warn.stdout);
  assert.match(warn.stdout, /^warn\/ingest\/only-warnings\.yml:3:22 warning unknown-read-field /m);
  assert.equal((await cli(['--max-warnings', '0', 'warn'], work)).code, 1);
});

test('pipelines: globs and named console files are checked as the editor reads them', async () => {
  pipelineFolder();
  file('pipes/requests.http', 'GET _cat/indices\n\nPUT _ingest/pipeline/web\n{"processors": [{"set": {"field": "host.nam", "value": "x"}}]}\n');
  const globbed = await json(['pipes/**/*.yml'], work);
  assert.deepEqual([...new Set(globbed.rows.map((r) => r.file))], ['pipes/elasticsearch/ingest_pipeline/default.yml']);
  const named = await json(['pipes/requests.http'], work);
  assert.deepEqual(named.rows.map((r) => `${r.code} ${r.range.start.line}:${r.range.start.character}`), ['no-failure-handler 3:2', 'unknown-field 3:40']);
});

test('console files: found in a folder and by a glob, and named outside the current folder, as the editor reads them', async () => {
  const request = 'PUT _ingest/pipeline/web\n{"processors": [{"set": {"field": "host.nam", "value": "x"}}]}\n';
  file('dev/tools/requests.console', request);
  const expected = ['no-failure-handler 1:2', 'unknown-field 1:40'];
  const where = (rows: JsonRow[]): string[] => rows.map((r) => `${r.code} ${r.range.start.line}:${r.range.start.character}`);
  const found = await json(['dev'], work);
  assert.deepEqual(found.rows.map((r) => r.file), ['dev/tools/requests.console', 'dev/tools/requests.console'], 'a folder holds its console files');
  assert.deepEqual(where(found.rows), expected);
  assert.deepEqual(where((await json(['dev/**/*.console'], work)).rows), expected, 'a glob finds them');
  // Named by its absolute path from another folder: still console text, not an event document.
  const outside = await json([join(work, 'dev/tools/requests.console')], ROOT);
  assert.deepEqual(where(outside.rows), expected);
});

test('pipelines: SARIF carries the pipeline rules\' metadata, and each result points at its rule', async () => {
  pipelineFolder();
  const run = await cli(['--format', 'sarif', 'pipes'], work);
  assert.equal(run.code, 1, run.stderr);
  const log = JSON.parse(run.stdout) as SarifLog;
  const rules: SarifRule[] = log.runs[0].tool.driver.rules;
  const ids = rules.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, 'each rule once');
  const expected: Record<string, string> = {
    'unknown-processor': 'error', 'unknown-option': 'error', 'missing-option': 'error', 'unknown-read-field': 'warning',
    'condition-not-string': 'error', 'template-not-taken': 'warning', 'unknown-pipeline-key': 'error', 'no-failure-handler': 'note',
    'unknown-field': 'error', 'syntax-error': 'error',
  };
  for (const [code, level] of Object.entries(expected)) {
    const rule = rules.find((r) => r.id === code);
    assert.ok(rule, `rule ${code} described`);
    assert.equal(rule.defaultConfiguration.level, level, code);
    assert.ok(rule.shortDescription.text.length > 3 && rule.fullDescription.text.length > 10 && rule.properties.specSource.length > 3, code);
  }
  assert.equal(rules.find((r) => r.id === 'unknown-read-field')?.name, 'UnknownReadField');
  const results = log.runs[0].results;
  for (const result of results) assert.equal(ids[result.ruleIndex ?? -1], result.ruleId, result.ruleId);
  const pipelineCodes = results.filter((r) => r.locations[0].physicalLocation.artifactLocation.uri.includes('pipeline')).map((r) => r.ruleId).sort();
  assert.deepEqual(pipelineCodes, ['no-failure-handler', 'undefined-field-set', 'unknown-field', 'unknown-option', 'unknown-processor', 'unknown-read-field', 'unnamespaced-custom-field']);
});

test('pipelines: the SARIF log is valid against the SARIF 2.1.0 JSON schema', { skip: sarifSchema() ? false : 'the SARIF schema package (@microsoft/jest-sarif) is not installed' }, async () => {
  pipelineFolder();
  const ajv = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false });
  const validate = ajv.compile(sarifSchema() as object);
  const log = JSON.parse((await cli(['--format', 'sarif', 'pipes'], work)).stdout) as unknown;
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
});

// ---------------------------------------------------------------- Beats and Elastic Agent configurations

/** A folder with a filebeat.yml, an agent stream template and a module config (Go template), each with findings. */
function beatsFolder(): void {
  file('beats/filebeat.yml', 'filebeat.inputs:\n  - type: log\n    processors:\n      - rename:\n          fields:\n            - {from: a, to: source.adress}\n      - add_feilds:\n          fields: {a: 1}\noutput.elasticsearch:\n  hosts: [x]\n');
  file('beats/packages/web/data_stream/log/agent/stream/stream.yml.hbs', '{{#if processors}}\nprocessors:\n{{/if}}\n- add_fields:\n    target: event\n    fields:\n      kind: evnt\n      dataset: {{dataset}}\n');
  file('beats/filebeat/module/web/access/config/access.yml', 'type: log\npaths:\n{{ range $i, $path := .paths }}\n - {{$path}}\n{{ end }}\nprocessors:\n  - drop_event.when.equals.source.prot: 22\n  - convert:\n      fields: [{from: a, to: source.port, type: integr}]\n');
}

test('beats: configurations, agent templates and module configs in a folder, text: every finding listed, exit 1 on errors', async () => {
  beatsFolder();
  const run = await cli(['beats'], work);
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stdout.trimEnd().split('\n').map((l) => l.split(' ').slice(0, 3).join(' '));
  assert.deepEqual(lines, [
    'beats/filebeat/module/web/access/config/access.yml:7:35 warning beats-unknown-read-field',
    'beats/filebeat/module/web/access/config/access.yml:9:49 error beats-invalid-option-value',
    'beats/filebeat.yml:6:36 error unknown-field',
    'beats/filebeat.yml:7:9 error beats-unknown-processor',
    'beats/packages/web/data_stream/log/agent/stream/stream.yml.hbs:7:13 error beats-value-invalid',
  ]);
  assert.match(run.stderr, /3 Beats configurations checked: 4 errors, 1 warning/);
});

test('beats: json rows cover the names in the file\'s own characters; --kind beats reads any YAML file as one', async () => {
  beatsFolder();
  const { rows } = await json(['beats/filebeat/module/web/access/config/access.yml'], work);
  const text = readFileSync(join(work, 'beats/filebeat/module/web/access/config/access.yml'), 'utf8');
  assert.deepEqual(rows.map((r) => `${r.code} ${rangeText(text, r.range)}`), ['beats-unknown-read-field prot', 'beats-invalid-option-value integr']);
  file('other/settings.yml', 'processors:\n  - add_fields:\n      target: event\n      fields: {outcome: fine}\n');
  const forced = await json(['--kind', 'beats', 'other/settings.yml'], work);
  assert.deepEqual(forced.rows.map((r) => r.code), ['beats-value-invalid']);
});

test('beats: SARIF carries the Beats rules\' metadata, each result points at its rule, and the log is valid SARIF 2.1.0', async () => {
  beatsFolder();
  const run = await cli(['--format', 'sarif', 'beats'], work);
  assert.equal(run.code, 1, run.stderr);
  const log = JSON.parse(run.stdout) as SarifLog;
  const rules = log.runs[0].tool.driver.rules;
  const ids = rules.map((r) => r.id);
  for (const [code, level] of Object.entries({ 'beats-unknown-processor': 'error', 'beats-unknown-option': 'warning', 'beats-value-invalid': 'error', 'beats-unknown-read-field': 'warning' })) {
    const rule = rules.find((r) => r.id === code);
    assert.ok(rule, `rule ${code} described`);
    assert.equal(rule.defaultConfiguration.level, level, code);
    assert.ok(rule.fullDescription.text.length > 10 && rule.properties.specSource.length > 3, code);
  }
  const results = log.runs[0].results;
  for (const result of results) assert.equal(ids[result.ruleIndex ?? -1], result.ruleId);
  assert.deepEqual(results.map((r) => r.ruleId).sort(), ['beats-invalid-option-value', 'beats-unknown-processor', 'beats-unknown-read-field', 'beats-value-invalid', 'unknown-field']);
  const schema = sarifSchema();
  if (schema) {
    const validate = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false }).compile(schema);
    assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
  }
});

// ---------------------------------------------------------------- the real-world corpus

test('corpus: the folder completes with sensible findings', async () => {
  const { run, rows: all } = await json([corpusRoot()]);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stderr, '');
  // A candidate that is none of the kinds is said once; every other file is read as its kind.
  const unrecognised = new Set(all.filter((r) => r.code === 'file-not-recognised').map((r) => r.file));
  for (const f of unrecognised) assert.equal(all.filter((r) => r.file === f).length, 1, `${f}: said once, nothing else`);
  const rows = all.filter((r) => !unrecognised.has(r.file));
  const files = new Set(rows.map((r) => r.file));
  // Configs are not event documents; pipelines are checked as pipelines (the integrations' ingest_pipeline/*.yml by
  // path, the ECS mapper's bare array of processors by content), field definition files (the integrations'
  // fields/*.yml, Beats' fields.ecs.yml) as field definitions, by path, and the family's generated templates as
  // mappings, by path (the integrations' manifests too, which declare no mappings in this corpus), and the Logstash
  // configs as Logstash pipelines, by content (their findings: test/unit/logstash-corpus-findings.test.ts).
  const PIPELINE = /\/ingest_pipeline\/[^/]+\.yml$|elastic-ecs-mapper\/example\/elasticsearch\.json$/;
  const FIELDS = /\/fields\/[^/]+\.yml$|\/fields\.ecs\.yml$/;
  const MAPPING = /elastic-ecs\/generated\/elasticsearch\/.*\.json$/;
  // Beats configurations, Beats module configs and agent stream templates, by path or by content.
  const BEATS = /beat[^/]*\.yml$|\/filebeat_inputs\/[^/]+\.yml$|example\/beats\.yml$|\/agent\/stream\/[^/]+\.yml\.hbs$|\/module\/[^/]+\/[^/]+\/config\/[^/]+\.yml$/;
  for (const f of files) assert.match(f, /(sample_event|-expected)\.json$|\/ingest_pipeline\/[^/]+\.yml$|elastic-ecs-mapper\/example\/elasticsearch\.json$|\/fields\/[^/]+\.yml$|\/fields\.ecs\.yml$|elastic-ecs\/generated\/elasticsearch\/.*\.json$|\.conf$/.test(f) ? /./ : BEATS, f);
  assert.ok(rows.some((r) => BEATS.test(r.file) && r.code === 'unknown-field' && /http\.request\.referer/.test(r.message)), 'the misspelt referer of an agent template is found');
  assert.ok(!rows.some((r) => BEATS.test(r.file) && r.code === 'missing-required'), 'a Beats configuration is not an event');
  assert.ok(!rows.some((r) => MAPPING.test(r.file) && r.severity === 'error'), 'the family\'s own templates have no error');
  assert.equal([...files].filter((f) => PIPELINE.test(f)).length, 7, 'the seven corpus pipelines are checked');
  assert.equal([...files].filter((f) => FIELDS.test(f)).length, 7, 'the seven corpus field definition files are checked');
  assert.ok(!rows.some((r) => (PIPELINE.test(r.file) || FIELDS.test(r.file)) && r.code === 'missing-required'), 'a pipeline or a fields file is not an event');
  // Every file that uses ecs.version gets exactly one foreign-meta-field, and no missing schema.version.
  // (Elastic's pipeline-test wrapper {"expected": [...]} is read as one event by the document adapter, so its
  // events are not checked one by one yet: those files are left out here.)
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    if (/^\s*\{\s*"expected"\s*:/.test(text) || PIPELINE.test(f) || BEATS.test(f)) continue;
    const uses = FIELDS.test(f) ? /^\s*-?\s*name: ecs(?:\.version)?\s*$/m.test(text)
      : f.endsWith('.conf') ? /"\[ecs\]\[version\]"\s*=>/.test(text)
        : /"ecs\.version"|"ecs"\s*:\s*\{\s*("properties"\s*:\s*\{\s*)?"version"/.test(text);
    assert.equal(rows.filter((r) => r.file === f && r.code === 'foreign-meta-field').length, uses ? 1 : 0, f);
    if (uses) assert.ok(!rows.some((r) => r.file === f && r.code === 'missing-required' && /schema\.version/.test(r.message)), f);
  }
  assert.ok(rows.some((r) => r.code === 'unknown-field' && /'log\.offset'/.test(r.message)), 'log.offset is not in 1.11');
  assert.ok(rows.some((r) => r.code === 'dotted-key'), 'the Beats golden files use dotted keys');
  // geo_point written as {lat, lon} or as flat lat/lon keys is a value, not unknown fields.
  assert.ok(!rows.some((r) => (r.code === 'unknown-field' || r.code === 'type-mismatch') && /location/.test(r.message)), 'geo_point values reported');
});

test('corpus: every file named explicitly (even .conf and .csv) is checked without crashing', async () => {
  const all = corpusFiles('data files', (f) => f !== 'SOURCES.md').map((f) => join(corpusRoot(), f));
  assert.ok(all.length >= 40, `${all.length} files`);
  const { run, rows } = await json(all);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stderr, '');
  for (const row of rows) {
    assert.ok(row.range.start.line >= 0 && row.range.end.line >= row.range.start.line, JSON.stringify(row));
    assert.ok(row.message.length > 0);
  }
  // Named files are event documents: non-event files get findings (missing fields), never a crash.
  assert.ok(new Set(rows.map((r) => r.file)).size > 20);
});
