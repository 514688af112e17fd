// The fields nothing maps (unmapped-field, unwritten-field) through the built server over stdio, on integration
// packages built here (the corpus's packages hold only fields/ecs.yml of each data stream): a complete data stream
// gives no finding; each kind of gap gives its finding where the field is written, with the fix that declares it in
// the data stream's field file in that file's layout (into the group that holds it; `external: ecs` where the file
// imports schema fields so; a new fields/fields.yml where the data stream has none); a schema import, a field removed
// again and a file outside every package give none; the reverse hint only when its severity is set; and
// `fieldwise check` reports the same over the folders it is given. Needs `npm run build` first.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeAction, CreateFile, Diagnostic, TextDocumentEdit, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUri, LspSession, messageText, REPO, startServer, vscodeCapabilities } from '../fixtures/lsp/harness';

let folder: string;
let server: LspSession;

const MANIFEST = (name: string): string => `format_version: 3.0.0\nname: ${name}\ntitle: ${name}\nversion: 1.0.0\ntype: integration\n`;
const BASE = '- name: \'@timestamp\'\n  type: date\n  description: Event timestamp.\n';

const FILES: Record<string, string> = {
  // A complete data stream: everything it writes and carries is declared.
  'packages/good/manifest.yml': MANIFEST('good'),
  'packages/good/data_stream/logs/manifest.yml': 'title: Logs\ntype: logs\n',
  'packages/good/data_stream/logs/fields/base-fields.yml': BASE,
  'packages/good/data_stream/logs/fields/ecs.yml': '- name: event.kind\n  external: ecs\n- name: source.ip\n  external: ecs\n',
  'packages/good/data_stream/logs/fields/fields.yml': '- name: good\n  type: group\n  fields:\n    - name: code\n      type: keyword\n      description: A code.\n    - name: unused\n      type: keyword\n      description: Nothing writes it.\n',
  'packages/good/data_stream/logs/elasticsearch/ingest_pipeline/default.yml':
    'processors:\n  - set:\n      field: event.kind\n      value: event\n  - grok:\n      field: message\n      patterns:\n        - \'%{IP:source.ip} %{WORD:good.code}\'\n' +
    '  - set:\n      field: _tmp.seen\n      value: true\n  - remove:\n      field: _tmp\n',
  'packages/good/data_stream/logs/sample_event.json': '{\n  "@timestamp": "2024-01-01T00:00:00Z",\n  "event": {"kind": "event"},\n  "good": {"code": "a"},\n  "source": {"ip": "10.0.0.1"}\n}\n',
  // Gaps: a custom field and a schema field no file declares; a data stream with no field file at all.
  'packages/gaps/manifest.yml': MANIFEST('gaps'),
  'packages/gaps/data_stream/a/manifest.yml': 'title: A\ntype: logs\n',
  'packages/gaps/data_stream/a/fields/base-fields.yml': BASE,
  'packages/gaps/data_stream/a/fields/ecs.yml': '- name: event.kind\n  external: ecs\n',
  'packages/gaps/data_stream/a/fields/fields.yml': '- name: gaps\n  type: group\n  fields:\n    - name: code\n      type: keyword\n      description: A code.\n',
  'packages/gaps/data_stream/a/elasticsearch/ingest_pipeline/default.yml':
    'processors:\n  - set:\n      field: event.kind\n      value: event\n  - set:\n      field: gaps.extra\n      value: x\n  - set:\n      field: url.domain\n      value: example.com\n',
  'packages/gaps/data_stream/a/sample_event.json': '{\n  "@timestamp": "2024-01-01T00:00:00Z",\n  "event": {"kind": "event"},\n  "gaps": {"code": "a", "extra": "x"}\n}\n',
  'packages/gaps/data_stream/b/manifest.yml': 'title: B\ntype: logs\n',
  'packages/gaps/data_stream/b/elasticsearch/ingest_pipeline/default.yml': 'processors:\n  - set:\n      field: gaps.only\n      value: x\n',
  // A schema import: every schema field is declared.
  'packages/imports/manifest.yml': MANIFEST('imports'),
  'packages/imports/_dev/build/build.yml': 'dependencies:\n  ecs:\n    reference: git@v8.11.0\n    import_mappings: true\n',
  'packages/imports/data_stream/logs/manifest.yml': 'title: Logs\ntype: logs\n',
  'packages/imports/data_stream/logs/fields/base-fields.yml': BASE,
  'packages/imports/data_stream/logs/elasticsearch/ingest_pipeline/default.yml': 'processors:\n  - set:\n      field: url.domain\n      value: example.com\n',
  // Outside every package.
  'loose/ingest_pipelines/x.yml': 'processors:\n  - set:\n      field: whatever.field\n      value: x\n',
};

function write(path: string, text: string): void {
  const full = join(folder, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'fieldwise-unmapped-'));
  for (const [path, text] of Object.entries(FILES)) write(path, text);
  const capabilities = vscodeCapabilities();
  capabilities.workspace!.workspaceEdit = { documentChanges: true, resourceOperations: ['create'] };
  server = await startServer({ workspace: folder, capabilities });
});

after(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** The file's diagnostics of the two codes, once the folder's first read is done (a workspace request waits for it). */
async function findings(file: string, codes = ['unmapped-field', 'unwritten-field']): Promise<Diagnostic[]> {
  const uri = fileUri(join(folder, file));
  try {
    server.document(uri);
  } catch {
    server.open(uri, file.endsWith('.json') ? 'json' : 'yaml', readFileSync(join(folder, file), 'utf8'));
  }
  await server.request('workspace/symbol', { query: 'x' });
  return (await server.diagnostics(uri)).filter((d) => codes.includes(String(d.code)));
}

const shown = (file: string, list: Diagnostic[]): string[] => {
  const text = readFileSync(join(folder, file), 'utf8');
  const doc = TextDocument.create('x', 'x', 0, text);
  return list.map((d) => `${d.code} ${d.severity === 2 ? 'warning' : d.severity === 4 ? 'hint' : d.severity}: ${text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end))}`);
};

/** The texts a fix leaves in the files it edits (read from disk: none of them is open), and the files it creates. */
function appliedElsewhere(action: CodeAction): Map<string, string> {
  const out = new Map<string, string>();
  const created = new Set<string>();
  for (const change of action.edit?.documentChanges ?? []) {
    if (CreateFile.is(change)) {
      created.add(change.uri);
      continue;
    }
    assert.ok(TextDocumentEdit.is(change));
    const file = relative(folder, fileURLToPath(change.textDocument.uri)).split('\\').join('/');
    const before = created.has(change.textDocument.uri) ? '' : readFileSync(join(folder, file), 'utf8');
    out.set(file, TextDocument.applyEdits(TextDocument.create(change.textDocument.uri, 'yaml', 0, before), change.edits.filter((e): e is TextEdit => 'range' in e)));
  }
  return out;
}

async function fixAt(file: string, needle: string): Promise<CodeAction> {
  const uri = fileUri(join(folder, file));
  const at = server.document(uri).getText().indexOf(needle);
  const actions = await server.codeActions(uri, at, at + needle.length);
  const fix = actions.find((a) => a.title.startsWith('Declare '));
  assert.ok(fix, `a fix at ${needle}: ${actions.map((a) => a.title).join(', ')}`);
  return fix;
}

describe('the fields nothing maps', () => {
  test('a complete data stream: no finding on its pipeline or its sample event (a field removed again is not written)', async () => {
    assert.deepEqual(await findings('packages/good/data_stream/logs/elasticsearch/ingest_pipeline/default.yml'), []);
    assert.deepEqual(await findings('packages/good/data_stream/logs/sample_event.json'), []);
  });

  test('a custom field nothing declares: a warning where the pipeline writes it and where the sample event carries it', async () => {
    const pipeline = 'packages/gaps/data_stream/a/elasticsearch/ingest_pipeline/default.yml';
    assert.deepEqual(shown(pipeline, await findings(pipeline)), ['unmapped-field warning: gaps.extra', 'unmapped-field warning: url.domain']);
    const event = 'packages/gaps/data_stream/a/sample_event.json';
    assert.deepEqual(shown(event, await findings(event)), ['unmapped-field warning: extra']);
    const message = messageText((await findings(pipeline))[0]);
    assert.match(message, /^gaps\.extra is written here, but package gaps does not declare it: no field file of the data stream a/);
  });

  test('the fix declares a custom field in the data stream\'s fields.yml, in its group', async () => {
    const fix = await fixAt('packages/gaps/data_stream/a/elasticsearch/ingest_pipeline/default.yml', 'gaps.extra');
    assert.equal(fix.title, 'Declare gaps.extra in packages/gaps/data_stream/a/fields/fields.yml');
    assert.deepEqual([...appliedElsewhere(fix)], [['packages/gaps/data_stream/a/fields/fields.yml',
      '- name: gaps\n  type: group\n  fields:\n    - name: code\n      type: keyword\n      description: A code.\n' +
      '    - name: extra\n      type: keyword\n      description: "TODO: describe gaps.extra."\n']]);
  });

  test('the fix declares a schema field as the data stream\'s ecs.yml does: external: ecs', async () => {
    const fix = await fixAt('packages/gaps/data_stream/a/elasticsearch/ingest_pipeline/default.yml', 'url.domain');
    assert.deepEqual([...appliedElsewhere(fix)], [['packages/gaps/data_stream/a/fields/ecs.yml', '- name: event.kind\n  external: ecs\n- name: url.domain\n  external: ecs\n']]);
  });

  test('a data stream with no field file: the fix creates fields/fields.yml', async () => {
    const pipeline = 'packages/gaps/data_stream/b/elasticsearch/ingest_pipeline/default.yml';
    assert.deepEqual(shown(pipeline, await findings(pipeline)), ['unmapped-field warning: gaps.only']);
    const fix = await fixAt(pipeline, 'gaps.only');
    assert.ok(fix.edit?.documentChanges?.some((c) => CreateFile.is(c)), 'the file is created');
    assert.deepEqual([...appliedElsewhere(fix)], [['packages/gaps/data_stream/b/fields/fields.yml', '- name: gaps.only\n  type: keyword\n  description: "TODO: describe gaps.only."\n']]);
  });

  test('a schema import declares every schema field; outside every package nothing is said', async () => {
    assert.deepEqual(await findings('packages/imports/data_stream/logs/elasticsearch/ingest_pipeline/default.yml'), []);
    assert.deepEqual(await findings('loose/ingest_pipelines/x.yml'), []);
  });

  test('the reverse (a declared field nothing writes) is a hint only when its severity is set', async () => {
    const fields = 'packages/good/data_stream/logs/fields/fields.yml';
    assert.deepEqual(await findings(fields), []);
    server.changeSettings({ diagnostics: { severity: { 'unwritten-field': 'hint' } } });
    let found: Diagnostic[] = [];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (found = await findings(fields)).length === 0) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(shown(fields, found), ['unwritten-field hint: unused']);
    server.changeSettings({});
  });

  test('fieldwise check reports the same over the folders it is given', () => {
    const cli = join(REPO, 'dist/cli.js');
    let out: string;
    try {
      out = execFileSync(process.execPath, [cli, 'check', 'packages'], { cwd: folder, encoding: 'utf8' });
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    const lines = out.split('\n').filter((l) => l.includes('unmapped-field'));
    assert.deepEqual(lines.map((l) => l.replace(/ .*unmapped-field /, ' unmapped-field ').replace(/ is (written|carried) here.*/, '')), [
      'packages/gaps/data_stream/a/elasticsearch/ingest_pipeline/default.yml:6:14 unmapped-field gaps.extra',
      'packages/gaps/data_stream/a/elasticsearch/ingest_pipeline/default.yml:9:14 unmapped-field url.domain',
      'packages/gaps/data_stream/a/sample_event.json:4:26 unmapped-field gaps.extra',
      'packages/gaps/data_stream/b/elasticsearch/ingest_pipeline/default.yml:3:14 unmapped-field gaps.only',
    ]);
  });
});
