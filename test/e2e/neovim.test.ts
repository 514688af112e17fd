// A second, independent real client: Neovim (Debian's package, built-in LSP client) runs headless with the setup
// users copy (test/e2e/neovim/init.lua, docs/neovim.md) against the built server, opens a JSON and a YAML event
// file, an ingest pipeline, an index template, a Logstash pipeline and a Beats configuration, and asks for
// diagnostics, completion, hover, (in the pipeline, the template and the Beats configuration) a quick fix, and (in the
// Logstash pipeline) the outline and formatting;
// test/e2e/neovim/probe.lua writes what Neovim saw as JSON.
// Needs `npm run build` first (dist/server.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2eSkipped, ensureDebianPackages, toolEnv } from './prerequisites';

const REPO = resolve(__dirname, '../..');
const SERVER = join(REPO, 'dist/server.js');
const CONFIG = join(__dirname, 'neovim/init.lua');
const PROBE = join(__dirname, 'neovim/probe.lua');
const EVENTS = join(REPO, 'test/fixtures/lsp/workspace/events');
const PIPELINES = join(REPO, 'test/fixtures/lsp/workspace/elasticsearch/ingest_pipeline');
const TEMPLATES = join(REPO, 'test/fixtures/lsp/workspace/elasticsearch/index_templates');
const LOGSTASH = join(REPO, 'test/e2e/fixtures/workspace/pipeline');

interface SeenDiagnostic { line: number; col: number; end_line: number; end_col: number; severity: number; code: string; message: string; source: string }
interface SeenItem { label: string; detail?: string; badge: string | null; insertTextFormat?: number; newText?: string; documentation: string | null }
interface SeenFile {
  path: string;
  filetype: string;
  sync: number;
  diagnostics: SeenDiagnostic[];
  completion: SeenItem[][];
  hover: Array<string | null>;
  after_edit?: SeenDiagnostic[];
  fix?: { titles: string[]; applied: boolean; text: string };
  after_fix?: SeenDiagnostic[];
  symbols?: string[];
  formatted?: string;
}
interface Report { files: SeenFile[]; error?: string; nvim: { major: number; minor: number } }

/** Line and character (UTF-16, as LSP counts) of the `nth` occurrence of `needle` in `text`, plus `shift` characters. */
function positionOf(text: string, needle: string, shift = 0, nth = 0): { line: number; character: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `fixture holds ${needle}`);
  const offset = at + shift;
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

function runNeovim(cwd: string, specFile: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('nvim', ['--headless', '--clean', '-u', CONFIG, '-c', `luafile ${PROBE}`], {
      cwd,
      env: toolEnv({ FIELDWISE_SERVER: SERVER, FIELDWISE_NVIM_SPEC: specFile }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 150000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

test('Neovim (vim.lsp) gets diagnostics, completion, hover and quick fixes from the built server', { skip: e2eSkipped() && 'FIELDWISE_SKIP_E2E=1', timeout: 300000 }, async () => {
  await ensureDebianPackages(['neovim']);
  const version = execFileSync('nvim', ['--version'], { encoding: 'utf8', env: toolEnv() }).split('\n')[0];
  const [, major, minor] = /NVIM v(\d+)\.(\d+)/.exec(version) ?? [];
  assert.ok(Number(major) > 0 || Number(minor) >= 7, `Neovim 0.7 or later (vim.lsp.start_client): ${version}`);
  assert.ok(existsSync(SERVER), `${SERVER} exists: run npm run build first`);

  // A workspace of its own (no .git above it in /tmp), so the config's root detection picks this folder.
  const workspace = mkdtempSync(join(tmpdir(), 'fieldwise-nvim-'));
  try {
    mkdirSync(join(workspace, 'events'));
    const json = join(workspace, 'events', 'network.json');
    const yaml = join(workspace, 'events', 'alerts.yaml');
    copyFileSync(join(EVENTS, 'network.json'), json);
    copyFileSync(join(EVENTS, 'alerts.yaml'), yaml);
    // A pipeline by its path (fieldwise.files.pipelines: **/elasticsearch/ingest_pipeline/*.yml).
    mkdirSync(join(workspace, 'elasticsearch', 'ingest_pipeline'), { recursive: true });
    const pipeline = join(workspace, 'elasticsearch', 'ingest_pipeline', 'default.yml');
    copyFileSync(join(PIPELINES, 'default.yml'), pipeline);
    const pipelineText = readFileSync(pipeline, 'utf8');
    // An index template by its path (fieldwise.files.mappings: **/index_templates/**/*.json).
    mkdirSync(join(workspace, 'elasticsearch', 'index_templates'), { recursive: true });
    const template = join(workspace, 'elasticsearch', 'index_templates', 'logs-firewall.json');
    copyFileSync(join(TEMPLATES, 'logs-firewall.json'), template);
    const templateText = readFileSync(template, 'utf8');
    // The blank line inside destination's `properties`, at its indentation.
    const blank = positionOf(templateText, '"destination": {\n          "properties": {\n            \n', '"destination": {\n          "properties": {\n            '.length);
    // A Logstash pipeline: a `.conf` file whose content opens a section (init.lua gives it the logstash file type).
    mkdirSync(join(workspace, 'pipeline'));
    const conf = join(workspace, 'pipeline', 'apache.conf');
    copyFileSync(join(LOGSTASH, 'apache.conf'), conf);
    const fieldsConf = join(workspace, 'pipeline', 'fields.conf');
    copyFileSync(join(LOGSTASH, 'fields.conf'), fieldsConf);
    const fieldsText = readFileSync(fieldsConf, 'utf8');
    // A Beats configuration by its path (fieldwise.files.beats: **/filebeat*.yml).
    const beats = join(workspace, 'filebeat.yml');
    const beatsText = 'filebeat.inputs:\n  - type: filestream\n    id: web\n    processors:\n      - rename:\n          fields:\n            - from: source.address\n              to: source.ipp\n      - add_fields:\n          target: event\n          fields:\n            kind: alert\n';
    writeFileSync(beats, beatsText);
    const jsonText = readFileSync(json, 'utf8');
    const yamlText = readFileSync(yaml, 'utf8');
    const out = join(workspace, 'report.json');
    const prot = positionOf(jsonText, '"prot"', 1);
    const spec = {
      out,
      timeout: 30000,
      files: [
        {
          path: json,
          // Inside the key `"ip"` of `source`.
          completion: [positionOf(jsonText, '"ip"', 1)],
          hover: [positionOf(jsonText, '"ip"', 2)],
          edit: { line: prot.line, col: prot.character, end_line: prot.line, end_col: prot.character + 4, text: 'port', clears: 'unknown-field' },
        },
        {
          path: yaml,
          // Right after `geo.` in `geo.city_name` under `source`.
          completion: [positionOf(yamlText, 'geo.city_name', 4)],
          hover: [positionOf(yamlText, 'city_name', 2)],
        },
        {
          path: pipeline,
          // Inside the grok capture `%{IP:source.ip}`, right after `source.i`.
          completion: [positionOf(pipelineText, '%{IP:source.ip}', '%{IP:source.i'.length)],
          // On the `field: event.kind` value of the set processor.
          hover: [positionOf(pipelineText, 'field: event.kind', 'field: event.'.length)],
          fix: { code: 'unknown-field', title: "Rename to 'source.ip'" },
        },
        {
          path: template,
          completion: [blank],
          // On the field name `kind` inside event's properties.
          hover: [positionOf(templateText, '"kind"', 2)],
          fix: { code: 'mapping-type-mismatch', title: "Map as ip, the schema's type" },
        },
        { path: conf, clean: true, outline: true, format: { tabSize: 2, insertSpaces: true } },
        {
          path: fieldsConf,
          // Inside the selector `[source][ip]`, right after `[source][`; hover on its `ip`.
          completion: [positionOf(fieldsText, '[source][ip]', '[source]['.length)],
          hover: [positionOf(fieldsText, '[source][ip]', '[source][i'.length)],
          fix: { code: 'unknown-field', title: 'Rename to [destination][address]' },
        },
        {
          path: beats,
          // A key under add_fields, right after `ki` in `kind` (the fields below the target, event).
          completion: [positionOf(beatsText, 'kind: alert', 2)],
          // On the `from:` value of the rename.
          hover: [positionOf(beatsText, 'from: source.address', 'from: source.ad'.length)],
          fix: { code: 'unknown-field', title: "Rename to 'source.ip'" },
        },
      ],
    };
    const specFile = join(workspace, 'spec.json');
    writeFileSync(specFile, JSON.stringify(spec));
    const run = await runNeovim(workspace, specFile);
    assert.ok(existsSync(out), `Neovim wrote its report (exit ${run.code}): ${run.stderr.slice(-2000)}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    assert.equal(report.error, undefined, `the probe ran through: ${report.error}`);
    const [jsonSeen, yamlSeen, pipelineSeen, templateSeen, logstashSeen, logstashFieldsSeen, beatsSeen] = report.files;

    // JSON: attached with incremental sync, the injected problems as diagnostics.
    assert.equal(jsonSeen.filetype, 'json');
    assert.equal(jsonSeen.sync, 2, 'the server asks for incremental sync');
    // Errors and warnings (information-level hints such as related-incomplete are not the point here).
    const problems = (list: SeenDiagnostic[] | undefined): string[] => (list ?? []).filter((d) => d.severity <= 2).map((d) => d.code).sort();
    const codes = problems(jsonSeen.diagnostics);
    assert.deepEqual(codes, ['type-mismatch', 'type-mismatch', 'unknown-field'], JSON.stringify(jsonSeen.diagnostics));
    const unknown = jsonSeen.diagnostics.find((d) => d.code === 'unknown-field')!;
    assert.equal(unknown.line, prot.line);
    assert.match(unknown.message, /source\.port/);
    assert.equal(unknown.source, 'fieldwise');
    // Completion under `source` (labels with badges, plain text for a client without snippet support).
    const items = jsonSeen.completion[0];
    const bytes = items.find((i) => i.label === 'bytes');
    assert.ok(bytes, `bytes offered: ${items.map((i) => i.label).join(', ')}`);
    // Neovim 0.7 does not announce labelDetails support: the badge travels in `detail` (`long · core`).
    assert.equal(bytes.badge, null);
    assert.match(bytes.detail ?? '', /\bcore\b/);
    // Neovim's own client does not resolve documentation: the server sends it inline.
    assert.match(bytes.documentation ?? '', /source\.bytes/, 'the item shows its documentation');
    assert.ok(!items.some((i) => i.label === 'port'), 'a key the object already holds is not offered again');
    assert.ok(!items.some((i) => i.label === 'event'), 'root names are not offered inside source');
    assert.ok(items.every((i) => i.insertTextFormat !== 2 && !/\$\{?\d/.test(i.newText ?? '')), 'no snippets for Neovim 0.7 (it does not announce snippet support)');
    assert.match(jsonSeen.hover[0] ?? '', /source\.ip/);
    assert.match(jsonSeen.hover[0] ?? '', /core/);
    // The edit `prot` -> `port`, sent by Neovim's own change tracking, clears the unknown field.
    assert.deepEqual(problems(jsonSeen.after_edit), ['type-mismatch', 'type-mismatch']);

    // YAML.
    assert.equal(yamlSeen.filetype, 'yaml');
    const yamlCodes = problems(yamlSeen.diagnostics);
    assert.deepEqual(yamlCodes, ['invalid-version', 'nested-only', 'unknown-field'], JSON.stringify(yamlSeen.diagnostics));
    const geoItems = yamlSeen.completion[0];
    const city = geoItems.find((i) => i.label === 'city_name');
    assert.ok(city, `city_name offered in geo.: ${geoItems.map((i) => i.label).join(', ')}`);
    assert.match(city.detail ?? '', /\bcore\b/);
    assert.ok(!geoItems.some((i) => i.label === 'ip'), 'only geo fields after geo.');
    assert.match(yamlSeen.hover[0] ?? '', /source\.geo\.city_name/);

    // The pipeline: one unknown written field (`target_field: source.ipp`), where it is.
    assert.equal(pipelineSeen.filetype, 'yaml');
    assert.deepEqual(problems(pipelineSeen.diagnostics), ['unknown-field'], JSON.stringify(pipelineSeen.diagnostics));
    const ipp = pipelineSeen.diagnostics.find((d) => d.code === 'unknown-field')!;
    const ippAt = positionOf(pipelineText, 'source.ipp', 'source.'.length);
    assert.deepEqual([ipp.line, ipp.col, ipp.end_col], [ippAt.line, ippAt.character, ippAt.character + 3], 'the diagnostic covers `ipp`');
    assert.match(ipp.message, /source\.ip\b/);
    // Completion inside the grok pattern offers the fields of source, with their badge in `detail`.
    const captureItems = pipelineSeen.completion[0];
    const ip = captureItems.find((i) => i.label === 'source.ip');
    assert.ok(ip, `source.ip offered in the grok capture: ${captureItems.map((i) => i.label).join(', ')}`);
    assert.match(ip.detail ?? '', /\bcore\b/);
    // Hover on the `field:` value shows the field's documentation.
    assert.match(pipelineSeen.hover[0] ?? '', /event\.kind/);
    assert.match(pipelineSeen.hover[0] ?? '', /Highest categorization level/);
    // The rename quick fix, applied by Neovim, leaves `source.ip`, and the diagnostic goes.
    assert.ok(pipelineSeen.fix?.applied, `the rename was offered: ${pipelineSeen.fix?.titles.join(' | ')}`);
    assert.match(pipelineSeen.fix.text, /^ {6}target_field: source\.ip$/m);
    assert.doesNotMatch(pipelineSeen.fix.text, /source\.ipp/);
    assert.deepEqual(problems(pipelineSeen.after_fix), []);

    // The index template: source.ip mapped as keyword is a type error, on the type's value.
    assert.equal(templateSeen.filetype, 'json');
    assert.deepEqual(problems(templateSeen.diagnostics), ['mapping-type-mismatch'], JSON.stringify(templateSeen.diagnostics));
    const mismatch = templateSeen.diagnostics.find((d) => d.code === 'mapping-type-mismatch')!;
    const keywordAt = positionOf(templateText, '"keyword" }', 0);
    assert.deepEqual([mismatch.line, mismatch.col], [keywordAt.line, keywordAt.character], 'the diagnostic is on the mapped type');
    assert.match(mismatch.message, /source\.ip/);
    // Completion inside destination's properties offers its fields, each inserting the schema's mapping.
    const names = templateSeen.completion[0];
    const port = names.find((i) => i.label === 'port');
    assert.ok(port, `port offered in destination's properties: ${names.map((i) => i.label).join(', ')}`);
    assert.match(port.detail ?? '', /\bcore\b/);
    assert.match(port.newText ?? '', /^"port": \{\s*"type": "long"\s*\}$/, `what port inserts: ${port.newText}`);
    const domain = names.find((i) => i.label === 'domain');
    assert.match(domain?.newText ?? '', /"type": "keyword",\s*"ignore_above": 1024/, 'a keyword field inserts its ignore_above');
    assert.ok(!names.some((i) => i.label === 'source'), 'root names are not offered inside destination');
    assert.match(templateSeen.hover[0] ?? '', /event\.kind/);
    // The fix, applied by Neovim, maps source.ip as ip, and the diagnostic goes.
    assert.ok(templateSeen.fix?.applied, `the type fix was offered: ${templateSeen.fix?.titles.join(' | ')}`);
    assert.match(templateSeen.fix.text, /"ip": \{ "type": "ip" \}/);
    assert.deepEqual(problems(templateSeen.after_fix), []);

    // The Logstash pipeline: its file type, its outline, and the formatting applied by Neovim.
    assert.equal(logstashSeen.filetype, 'logstash');
    assert.deepEqual(logstashSeen.diagnostics, []);
    assert.deepEqual(logstashSeen.symbols, [
      'input', '  beats', 'filter', '  if [event][module] == "apache"', '    grok (apache-access)', '  else', '    drop', 'output', '  elasticsearch',
    ]);
    assert.equal(logstashSeen.formatted, APACHE_FORMATTED);

    // The Logstash fields: completion inside `[source][`, hover on a selector, the unknown field renamed by its fix.
    assert.equal(logstashFieldsSeen.filetype, 'logstash');
    assert.deepEqual(problems(logstashFieldsSeen.diagnostics), ['unknown-field']);
    const addres = logstashFieldsSeen.diagnostics.find((d) => d.code === 'unknown-field')!;
    const addresAt = positionOf(fieldsText, '[destination][addres]', '[destination]['.length);
    assert.deepEqual([addres.line, addres.col, addres.end_col], [addresAt.line, addresAt.character, addresAt.character + 6], 'the diagnostic covers `addres`');
    const sourceItems = logstashFieldsSeen.completion[0];
    const sourceIp = sourceItems.find((i) => i.label === 'ip');
    assert.ok(sourceIp, `ip offered inside [source][: ${sourceItems.map((i) => i.label).join(', ')}`);
    assert.match(sourceIp.detail ?? '', /\bcore\b/);
    assert.ok(!sourceItems.some((i) => i.label === 'event'), 'only source\'s fields inside [source][');
    assert.match(logstashFieldsSeen.hover[0] ?? '', /source\.ip/);
    assert.ok(logstashFieldsSeen.fix?.applied, `the rename was offered: ${logstashFieldsSeen.fix?.titles.join(' | ')}`);
    assert.match(logstashFieldsSeen.fix.text, /"\[tmp\]\[addr\]" => "\[destination\]\[address\]"/);
    assert.deepEqual(problems(logstashFieldsSeen.after_fix), []);

    // The Beats configuration: the misspelt field a rename writes, where it is.
    assert.equal(beatsSeen.filetype, 'yaml');
    assert.deepEqual(problems(beatsSeen.diagnostics), ['unknown-field'], JSON.stringify(beatsSeen.diagnostics));
    const beatsIpp = beatsSeen.diagnostics.find((d) => d.code === 'unknown-field')!;
    const beatsIppAt = positionOf(beatsText, 'source.ipp', 'source.'.length);
    assert.deepEqual([beatsIpp.line, beatsIpp.col], [beatsIppAt.line, beatsIppAt.character]);
    // Completion of a key under add_fields offers the fields of its target, event, with their badges.
    const keys = beatsSeen.completion[0];
    const kind = keys.find((i) => i.label === 'kind');
    assert.ok(kind && keys.some((i) => i.label === 'outcome'), `event's fields offered under add_fields: ${keys.map((i) => i.label).slice(0, 20).join(', ')}`);
    assert.match(kind.detail ?? '', /\bcore\b/);
    assert.ok(!keys.some((i) => i.label === 'source'), 'names outside the target are not offered');
    // Hover on the from: value documents the field read.
    assert.match(beatsSeen.hover[0] ?? '', /source\.address/);
    // The rename, applied by Neovim, writes source.ip, and the diagnostic goes.
    assert.ok(beatsSeen.fix?.applied, `the rename was offered: ${beatsSeen.fix?.titles.join(' | ')}`);
    assert.match(beatsSeen.fix.text, /^ {14}to: source\.ip$/m);
    assert.deepEqual(problems(beatsSeen.after_fix), []);
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
});

/** test/e2e/fixtures/workspace/pipeline/apache.conf formatted with two spaces (Neovim drops the last line break). */
const APACHE_FORMATTED = [
  '# Apache access logs shipped by Filebeat.',
  'input {',
  '  beats {',
  '    port => 5044',
  '  }',
  '}',
  '',
  'filter {',
  '  if [event][module] == "apache" {',
  '    grok {',
  '      match => { "message" => "%{IPORHOST:[source][address]} - %{DATA:[user][name]} %{GREEDYDATA:[url][original]}" }',
  '      id => "apache-access"',
  '    }',
  '  } else {',
  '    drop { }',
  '  }',
  '}',
  '',
  'output {',
  '  elasticsearch {',
  '    hosts => ["https://localhost:9200"]',
  '    index => "logs-%{[event][module]}-%{+YYYY.MM.dd}"',
  '  }',
  '}',
].join('\n');
