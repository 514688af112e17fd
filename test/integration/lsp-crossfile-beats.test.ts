// One field, every file, with Beats configurations among the files, through the built server over stdio: the fixture
// workspace test/fixtures/lsp/crossfile-beats (an integration package `shop` whose data stream has a field file, an
// ingest pipeline and an Elastic Agent stream template; beside it a filebeat.yml) copied to a temporary folder. Find
// references lists the template's and the filebeat.yml's places (a dissect key, a dotted condition key, an input's
// nested `fields` key, `from:` values); rename rewrites them in place (an add_fields key below its target, a `from:`
// value); go to definition from an input's `pipeline:` opens the ingest pipeline; a processor's `tag` is a workspace
// symbol. Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Location, SymbolInformation, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { FIXTURES, fileUri, LspSession, startServer, vscodeCapabilities } from '../fixtures/lsp/harness';
import { appliedToDisk, caretAt, placeOf } from '../helpers/workspaceEdits';

const STREAM = 'packages/shop/data_stream/orders';
const PIPELINE = `${STREAM}/elasticsearch/ingest_pipeline/default.yml`;
const FIELDS = `${STREAM}/fields/fields.yml`;
const TEMPLATE = `${STREAM}/agent/stream/log.yml.hbs`;
const FILEBEAT = 'shippers/filebeat.yml';

let folder: string;
let server: LspSession;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'fieldwise-crossfile-beats-'));
  cpSync(join(FIXTURES, 'crossfile-beats'), folder, { recursive: true });
  const capabilities = vscodeCapabilities();
  capabilities.workspace!.workspaceEdit = { documentChanges: true };
  server = await startServer({ workspace: folder, capabilities });
});

after(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const text = (file: string): string => readFileSync(join(folder, file), 'utf8');

function openFile(file: string): string {
  const uri = fileUri(join(folder, file));
  server.open(uri, file.endsWith('.hbs') ? 'handlebars' : 'yaml', text(file));
  return uri;
}

const where = (l: Location): string => placeOf(folder, l);

const position = (uri: string, needle: string, plus = 1): { line: number; character: number } => caretAt(server, uri, needle, plus);

const applied = (edit: WorkspaceEdit): Map<string, string> => appliedToDisk(folder, edit);

describe('one field, every file: Beats configurations', () => {
  test('find references from the ingest pipeline lists the agent stream template and the filebeat.yml', async () => {
    const uri = openFile(PIPELINE);
    const found = await server.request<Location[]>('textDocument/references', { textDocument: { uri }, position: position(uri, 'shop.order_id', 2), context: { includeDeclaration: true } });
    assert.deepEqual(found.map(where).sort(), [
      `${STREAM}/agent/stream/log.yml.hbs:15:19`, // when.equals.shop.order_id
      `${STREAM}/agent/stream/log.yml.hbs:7:21`, // the dissect key %{shop.order_id}
      `${STREAM}/elasticsearch/ingest_pipeline/default.yml:7:14`,
      `${FIELDS}:4:13`,
      `${FILEBEAT}:10:9`, // the input's fields: shop: order_id
      `${FILEBEAT}:14:17`, // rename's from
      `${FILEBEAT}:19:18`, // convert's from
    ]);
  });

  test('find references from a Beats file: an add_fields key below its target is the field the field file defines', async () => {
    const uri = openFile(TEMPLATE);
    const found = await server.request<Location[]>('textDocument/references', { textDocument: { uri }, position: position(uri, 'channel: web', 2), context: { includeDeclaration: true } });
    assert.deepEqual(found.map(where).sort(), [`${TEMPLATE}:13:9`, `${TEMPLATE}:7:38`, `${FIELDS}:7:13`]);
  });

  test('rename from a Beats file: the add_fields key, the dissect key and the field file', async () => {
    const uri = openFile(TEMPLATE);
    const offered = await server.request<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: position(uri, 'channel: web', 2) });
    assert.equal(offered.placeholder, 'shop.channel');
    const edit = await server.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: position(uri, 'channel: web', 2), newName: 'shop.sales_channel' });
    const files = applied(edit);
    assert.deepEqual([...files.keys()].sort(), [TEMPLATE, FIELDS]);
    assert.equal(files.get(TEMPLATE), text(TEMPLATE).replace('%{shop.channel}', '%{shop.sales_channel}').replace('        channel: web', '        sales_channel: web'));
    assert.match(files.get(FIELDS)!, /\n {4}- name: sales_channel\n/);
  });

  test('rename a field a filebeat.yml moves: its from: values, its nested input key, the template\'s dotted condition key', async () => {
    const uri = openFile(FIELDS);
    const edit = await server.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: position(uri, 'order_id', 2), newName: 'shop.order_number' });
    const files = applied(edit);
    assert.deepEqual([...files.keys()].sort(), [TEMPLATE, PIPELINE, FIELDS, FILEBEAT].sort());
    assert.equal(files.get(FILEBEAT), text(FILEBEAT)
      .replace('        order_id: unknown', '        order_number: unknown')
      .replace('- from: shop.order_id', '- from: shop.order_number')
      .replace('{from: shop.order_id,', '{from: shop.order_number,'));
    assert.equal(files.get(TEMPLATE), text(TEMPLATE).replace('%{shop.order_id}', '%{shop.order_number}').replace('when.equals.shop.order_id:', 'when.equals.shop.order_number:'));
    assert.match(files.get(PIPELINE)!, /field: shop\.order_number\n/);
  });

  test('go to definition from an input\'s pipeline: opens the ingest pipeline of that name', async () => {
    const uri = openFile(FILEBEAT);
    const found = await server.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: position(uri, 'pipeline: default', 11) });
    assert.deepEqual(found.map(where), [`${PIPELINE}:1:1`]);
  });

  test('workspace symbols: a Beats processor\'s tag', async () => {
    const found = await server.request<SymbolInformation[]>('workspace/symbol', { query: 'order_numb' });
    assert.deepEqual(found.map((s) => `${s.name} ${where(s.location)}`), [`order_number ${FILEBEAT}:17:12`]);
  });
});
