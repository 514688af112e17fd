// One field, every file, through the built server over stdio: the fixture workspace test/fixtures/lsp/crossfile (an
// integration package `shop` with one data stream: field files, two pipelines, a sample event and an expected output;
// beside it an index template and an event file) copied to a temporary folder, with two Logstash configs laid over it
// (test/fixtures/lsp/crossfile-logstash: one reads and writes the package's field and sends to the other's address,
// and through the ingest pipeline `payment`). The outline of a pipeline, find
// references, go to definition (a field file, a called pipeline, the schema's page), prepareRename refusing a schema
// field, a rename across the workspace (and one that moves a nested key), workspace symbols, the code lens, the
// workspace's first read shown as progress. Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CodeLens, DocumentSymbol, Location, ResponseError, SymbolInformation, WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { FIXTURES, fileUri, LspSession, startServer, vscodeCapabilities } from '../fixtures/lsp/harness';
import { appliedToDisk, caretAt, placeOf } from '../helpers/workspaceEdits';

const STREAM = 'packages/shop/data_stream/orders';
const PIPELINE = `${STREAM}/elasticsearch/ingest_pipeline/default.yml`;
const FIELDS = `${STREAM}/fields/fields.yml`;
const LOGSTASH = 'logstash/orders.conf';

let folder: string;
let server: LspSession;
const progress: string[] = [];

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'fieldwise-crossfile-'));
  cpSync(join(FIXTURES, 'crossfile'), folder, { recursive: true });
  cpSync(join(FIXTURES, 'crossfile-logstash'), folder, { recursive: true });
  const capabilities = vscodeCapabilities();
  // As VS Code announces them: outlines as trees, edits that may create files.
  capabilities.textDocument!.documentSymbol = { hierarchicalDocumentSymbolSupport: true };
  capabilities.workspace!.workspaceEdit = { documentChanges: true, resourceOperations: ['create'] };
  server = await startServer({ workspace: folder, capabilities });
  server.connection.onNotification('$/progress', (p: { value: { kind: string; message?: string; title?: string } }) => {
    progress.push(`${p.value.kind}${p.value.title ? ` ${p.value.title}` : ''}${p.value.message ? `: ${p.value.message}` : ''}`);
  });
});

after(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

const uriOf = (file: string): string => fileUri(join(folder, file));
const text = (file: string): string => readFileSync(join(folder, file), 'utf8');

function openFile(file: string): string {
  const uri = uriOf(file);
  const language = file.endsWith('.json') ? 'json' : file.endsWith('.ndjson') ? 'ndjson' : file.endsWith('.conf') ? 'logstash' : 'yaml';
  server.open(uri, language, text(file));
  return uri;
}

const where = (l: Location): string => placeOf(folder, l);

const position = (uri: string, needle: string, plus = 1): { line: number; character: number } => caretAt(server, uri, needle, plus);

const applied = (edit: WorkspaceEdit): Map<string, string> => appliedToDisk(folder, edit);

describe('one field, every file', () => {
  test('the outline of a pipeline: processors by tag, description or name, on_failure nested', async () => {
    const uri = openFile(PIPELINE);
    const symbols = await server.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const shown = (list: DocumentSymbol[]): unknown[] => list.map((s) => (s.children?.length ? [s.name, shown(s.children)] : s.name));
    assert.deepEqual(shown(symbols), ['set_kind', 'parse_message', 'append', 'pipeline', ['on_failure', ['set', 'append']]]);
    assert.equal(symbols[0].detail, 'set', 'a processor named by its tag says which processor it is');
  });

  test('find references of a custom field: every file that writes, reads, defines or carries it, file by file', async () => {
    const uri = openFile(PIPELINE);
    const found = await server.request<Location[]>('textDocument/references', { textDocument: { uri }, position: position(uri, 'shop.order_id', 2), context: { includeDeclaration: true } });
    assert.deepEqual(found.map(where).sort(), [
      // The Logstash config: the condition's selector, the sprintf, the grok capture.
      `${LOGSTASH}:10:7`,
      `${LOGSTASH}:11:60`,
      `${LOGSTASH}:8:44`,
      `${STREAM}/_dev/test/pipeline/test-orders.log-expected.json:10:14`,
      `${STREAM}/elasticsearch/ingest_pipeline/default.yml:11:41`,
      `${STREAM}/elasticsearch/ingest_pipeline/payment.yml:4:19`,
      `${STREAM}/elasticsearch/ingest_pipeline/payment.yml:4:39`,
      `${STREAM}/fields/fields.yml:4:13`,
      `${STREAM}/sample_event.json:16:10`,
    ]);
    assert.ok(progress.some((p) => p.startsWith('begin Fieldwise: reading')) && progress.some((p) => p === 'end'), `the first read is shown as progress: ${progress.join(' | ')}`);
    const without = await server.request<Location[]>('textDocument/references', { textDocument: { uri }, position: position(uri, 'shop.order_id', 2), context: { includeDeclaration: false } });
    assert.equal(without.length, 8, 'without declarations the field file is left out');
  });

  test('go to definition: the data stream\'s field file, the pipeline a pipeline processor calls, the schema\'s page of a field only the schema defines', async () => {
    const uri = openFile(PIPELINE);
    const ask = (needle: string, plus = 1): Promise<Location[]> => server.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: position(uri, needle, plus) });
    assert.deepEqual((await ask('shop.order_id', 2)).map(where), [`${FIELDS}:4:13`]);
    assert.deepEqual((await ask('source.ip')).map(where), [`${STREAM}/fields/ecs.yml:9:9`], 'an external: ecs entry declares it in the data stream');
    assert.deepEqual((await ask('IngestPipeline', 3)).map(where), [`${STREAM}/elasticsearch/ingest_pipeline/payment.yml:1:1`]);

    const event = openFile('events/legacy.ndjson');
    const page = await server.request<Location[]>('textDocument/definition', { textDocument: { uri: event }, position: position(event, '"name"', 2) });
    assert.deepEqual(page.map((l) => l.uri), ['fieldwise-schema://schema/host.name.md']);
    const content = await server.request<{ text: string }>('fieldwise/schemaDocument', { uri: page[0].uri });
    assert.match(content.text, /^# host\.name\n/);
    assert.match(content.text, /\| `host\.name` \| keyword \| core \|/);
    await assert.rejects(server.request('fieldwise/schemaDocument', { uri: 'fieldwise-schema://schema/not.a.field.md' }), /the schema defines no field not\.a\.field/);
  });

  test('go to definition from a Logstash config: its elasticsearch output\'s pipeline opens the ingest pipeline, send_to the config with that address', async () => {
    const uri = openFile(LOGSTASH);
    const ask = (needle: string): Promise<Location[]> => server.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: position(uri, needle, 2) });
    assert.deepEqual((await ask('"payment"')).map(where), [`${STREAM}/elasticsearch/ingest_pipeline/payment.yml:1:1`]);
    assert.deepEqual((await ask('"orders_archive"')).map(where), ['logstash/archive.conf:1:1']);
  });

  test('from a Logstash config: a selector\'s references are the field\'s everywhere, its definition the field file, its rename the whole path', async () => {
    const uri = openFile(LOGSTASH);
    const at = position(uri, 'order_id] {', 2);
    const found = await server.request<Location[]>('textDocument/references', { textDocument: { uri }, position: at, context: { includeDeclaration: true } });
    assert.equal(found.length, 9, `the package's six places and the config's three: ${found.map(where).join(', ')}`);
    assert.ok(found.some((l) => where(l) === `${FIELDS}:4:13`));
    assert.deepEqual((await server.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: at })).map(where), [`${FIELDS}:4:13`]);
    const offered = await server.request<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: at });
    assert.equal(offered.placeholder, 'shop.order_id');
  });

  test('prepareRename refuses a schema field with the reason, and offers a custom field\'s whole path', async () => {
    const uri = openFile(PIPELINE);
    await assert.rejects(
      server.request('textDocument/prepareRename', { textDocument: { uri }, position: position(uri, 'source.ip') }),
      (error: ResponseError<unknown>) => /source\.ip is a field of the schema: renaming it would leave the schema/.test(error.message),
    );
    const offered = await server.request<{ range: unknown; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: position(uri, 'shop.order_id', 2) });
    assert.equal(offered.placeholder, 'shop.order_id');
  });

  test('rename a custom field across the workspace: each spelling in its own syntax', async () => {
    const uri = openFile(PIPELINE);
    const edit = await server.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: position(uri, 'shop.order_id', 2), newName: 'shop.order_number' });
    const files = applied(edit);
    assert.deepEqual([...files.keys()].sort(), [
      LOGSTASH, `${STREAM}/_dev/test/pipeline/test-orders.log-expected.json`, `${STREAM}/elasticsearch/ingest_pipeline/default.yml`,
      `${STREAM}/elasticsearch/ingest_pipeline/payment.yml`, FIELDS, `${STREAM}/sample_event.json`,
    ]);
    assert.equal(files.get(LOGSTASH), text(LOGSTASH).replaceAll('[shop][order_id]', '[shop][order_number]'), 'the capture, the selector and the sprintf, in Logstash\'s brackets');
    assert.match(files.get(PIPELINE)!, /%\{WORD:shop\.order_number\} total/, 'inside the grok pattern, in place');
    assert.match(files.get(`${STREAM}/elasticsearch/ingest_pipeline/payment.yml`)!, /ctx\.shop\.order_number = ctx\.shop\.order_number\.toUpperCase\(\);/);
    assert.match(files.get(FIELDS)!, /\n {4}- name: order_number\n/, 'a definition in its group: its own name');
    assert.match(files.get(`${STREAM}/sample_event.json`)!, /"shop": \{\n {8}"order_number": "A-1",/, 'a nested key stays nested');
    assert.match(files.get(`${STREAM}/_dev/test/pipeline/test-orders.log-expected.json`)!, /"shop\.order_number": "B-2"/, 'a dotted key stays dotted');
  });

  test('rename re-nests: a mapping\'s properties and an event\'s nested key move below the new parent, a dotted key stays dotted', async () => {
    const uri = openFile('index_templates/legacy.json');
    const edit = await server.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: position(uri, '"code"', 2), newName: 'archive.code' });
    const files = applied(edit);
    assert.equal(files.get('index_templates/legacy.json'), text('index_templates/legacy.json').replace(
      '          "properties": {\n            "code": {\n              "type": "keyword"\n            },\n            "note"',
      '          "properties": {\n            "note"',
    ).replace('        }\n      }\n    }\n  }\n}', '        },\n        "archive": {\n          "properties": {\n            "code": {\n              "type": "keyword"\n            }\n          }\n        }\n      }\n    }\n  }\n}'));
    assert.equal(files.get('events/legacy.ndjson'),
      '{"@timestamp": "2024-05-03T00:00:00Z", "host": {"name": "web-1"}, "legacy": {"note": "first"}, "archive": {"code": "X1"}}\n{"@timestamp": "2024-05-03T00:01:00Z", "archive.code": "X2"}\n');
  });

  test('a rename that cannot be made in one file is refused whole, naming the file', async () => {
    const uri = openFile(FIELDS);
    await assert.rejects(
      server.request('textDocument/rename', { textDocument: { uri }, position: position(uri, 'order_id'), newName: 'billing.order_id' }),
      (error: ResponseError<unknown>) => error.message.startsWith(`${FIELDS}: shop.order_id is written below shop`) && error.message.endsWith('Nothing was renamed.'),
    );
  });

  test('workspace symbols: the fields the workspace defines or writes, and processor tags', async () => {
    const fields = await server.request<SymbolInformation[]>('workspace/symbol', { query: 'order_id' });
    assert.deepEqual(fields.map((s) => `${s.name} ${where(s.location)}`), [`shop.order_id ${FIELDS}:4:13`]);
    const tags = await server.request<SymbolInformation[]>('workspace/symbol', { query: 'parse_mess' });
    assert.deepEqual(tags.map((s) => `${s.name} ${s.containerName} ${where(s.location)}`), [`parse_message grok processor tag in ${PIPELINE} ${PIPELINE}:8:12`]);
    const ids = await server.request<SymbolInformation[]>('workspace/symbol', { query: 'parse_ord' });
    assert.deepEqual(ids.map((s) => `${s.name} ${s.containerName} ${where(s.location)}`), [`parse_orders grok filter tag in ${LOGSTASH} ${LOGSTASH}:7:11`], 'a Logstash plugin\'s id');
  });

  test('the code lens above each declared field: the files that write and carry it', async () => {
    const uri = openFile(FIELDS);
    const lenses = await server.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    assert.deepEqual(lenses.map((l) => `${l.range.start.line + 1}: ${l.command?.title} ${l.command?.command}`), [
      '4: written by 2 pipeline files · in 2 event documents fieldwise.showReferences',
      '7: written by 1 pipeline file · in 2 event documents fieldwise.showReferences',
    ]);
    assert.deepEqual(lenses[0].command?.arguments, [uri, lenses[0].range.start]);
    const pipeline = openFile(PIPELINE);
    assert.deepEqual(await server.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: pipeline } }), [], 'a pipeline declares nothing: no lens');
  });
});
