// The workspace's field index through the built server over stdio: a temporary workspace folder with an event file,
// a pipeline and component templates (a file, a console request) on disk; a mapping opened, "Add the mappings of the fields this workspace uses"
// offered and applied; a file written on disk and announced (workspace/didChangeWatchedFiles), the action then
// reflecting it, and an open document's text standing in for its file until it is closed; and a composable template's dynamic template judged against the component the folder holds.
// Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CodeAction, Diagnostic, DidChangeWatchedFilesNotification, FileChangeType, MessageType } from 'vscode-languageserver-protocol';
import { appliedAction, fileUri, LspSession, messageText, startServer } from '../fixtures/lsp/harness';

let folder: string;
let server: LspSession;

function write(path: string, text: string): string {
  const full = join(folder, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  return fileUri(full);
}

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'fieldwise-wsmap-'));
  write('events/sample.ndjson', '{"@timestamp": "2024-01-01T00:00:00Z", "source": {"ip": "10.0.0.1"}, "acme": {"tenant": "a"}}\n');
  write('elasticsearch/ingest_pipeline/default.yml', 'processors:\n  - set:\n      field: event.kind\n      value: event\n');
  write('elasticsearch/component/source.json', '{"template": {"mappings": {"properties": {"source": {"properties": {"ip": {"type": "ip"}}}}}}}\n');
  write('requests/components.http', 'PUT _component_template/base\n{"template": {"mappings": {"properties": {"destination": {"properties": {"ip": {"type": "ip"}}}}}}}\n');
  server = await startServer({ workspace: folder });
});

after(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

const MAPPING = '{\n  "mappings": {\n    "properties": {\n      "@timestamp": {\n        "type": "date"\n      }\n    }\n  }\n}\n';

async function workspaceAction(uri: string): Promise<CodeAction | undefined> {
  const at = server.document(uri).getText().indexOf('"@timestamp"');
  return (await server.codeActions(uri, at, at)).find((a) => a.title.startsWith('Add the mappings of'));
}

describe('the workspace\'s fields through the server', () => {
  test('the action adds the mappings of the fields the folder\'s events and pipelines write, then follows a file changed on disk', async () => {
    const uri = fileUri(join(folder, 'elasticsearch/index_templates/logs.json'));
    server.open(uri, 'json', MAPPING);
    const first = await workspaceAction(uri);
    assert.equal(first?.title, 'Add the mappings of 2 fields this workspace uses (1 field outside the schema left out: no schema type)');
    assert.equal(appliedAction(server, uri, first), '{\n  "mappings": {\n    "properties": {\n      "@timestamp": {\n        "type": "date"\n      },\n' +
      '      "event": {\n        "properties": {\n          "kind": {\n            "type": "keyword",\n            "ignore_above": 1024\n          }\n        }\n      },\n' +
      '      "source": {\n        "properties": {\n          "ip": {\n            "type": "ip"\n          }\n        }\n      }\n    }\n  }\n}\n');

    const changed = write('events/sample.ndjson', '{"@timestamp": "2024-01-01T00:00:00Z", "source": {"ip": "10.0.0.1"}, "acme": {"tenant": "a"}, "url": {"domain": "example.com"}}\n');
    await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: changed, type: FileChangeType.Changed }] });
    let title: string | undefined;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(title = (await workspaceAction(uri))?.title)?.includes('3 fields')) await new Promise((r) => setTimeout(r, 100));
    assert.equal(title, 'Add the mappings of 3 fields this workspace uses (1 field outside the schema left out: no schema type)');

    // An open document's text stands in for its file; closed, the disk copy is the file again.
    const pipeline = fileUri(join(folder, 'elasticsearch/ingest_pipeline/default.yml'));
    server.open(pipeline, 'yaml', 'processors:\n  - set:\n      field: event.kind\n      value: event\n  - set:\n      field: host.name\n      value: x\n');
    assert.equal((await workspaceAction(uri))?.title, 'Add the mappings of 4 fields this workspace uses (1 field outside the schema left out: no schema type)');
    server.close(pipeline);
    assert.equal((await workspaceAction(uri))?.title, 'Add the mappings of 3 fields this workspace uses (1 field outside the schema left out: no schema type)');
  });

  test('a composable template\'s dynamic template: the fields its component in the folder maps are explicit', async () => {
    const uri = fileUri(join(folder, 'elasticsearch/index_templates/composed.json'));
    const text = '{"index_patterns": ["x-*"], "composed_of": ["ecs_1.11.0_source", "base"], "template": {"mappings": {"dynamic_templates": [{"ips": {"path_match": "*.ip", "match_mapping_type": "string", "mapping": {"type": "keyword"}}}]}}}';
    server.open(uri, 'json', text);
    // The folder is read in the background: its findings come once the component is known (the server asks for a new pull).
    const caught = async (): Promise<number | undefined> => {
      const found = (await server.diagnostics(uri)).filter((d) => d.code === 'dynamic-template-type');
      assert.ok(found.length <= 1);
      const count = /would map (\d+) schema fields/.exec(messageText(found[0] ?? { message: '' } as Diagnostic))?.[1];
      return count === undefined ? undefined : Number(count);
    };
    const until = async (expected: number): Promise<number | undefined> => {
      let count: number | undefined;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (count = await caught()) !== expected) await new Promise((r) => setTimeout(r, 100));
      return count;
    };
    // The *.ip fields of the schema but source.ip and destination.ip, which the components ecs_1.11.0_source
    // (component/source.json, by the family's naming) and base (a console request) map.
    assert.equal(await until(8), 8);

    // The component opened and edited: its text stands in for the file, and the composable template's findings follow.
    const component = fileUri(join(folder, 'elasticsearch/component/source.json'));
    server.open(component, 'json', '{"template": {"mappings": {"properties": {"source": {"properties": {"port": {"type": "long"}}}}}}}\n');
    assert.equal(await until(9), 9, 'source.ip is caught once the component no longer maps it');
    server.close(component);
  });

  test('files past fieldwise.maxFileSize are left out of the index, and the editor is told so', async () => {
    const small = mkdtempSync(join(tmpdir(), 'fieldwise-wsmap-limit-'));
    mkdirSync(join(small, 'events'));
    writeFileSync(join(small, 'events', 'small.ndjson'), '{"host": {"ip": "10.0.0.1"}}\n');
    writeFileSync(join(small, 'events', 'large.ndjson'), `${'{"url": {"domain": "example.com"}}\n'.repeat(200)}`);
    const limited = await startServer({ workspace: small, settings: { maxFileSize: 0.001 } });
    try {
      // The folder is read once a mapping is opened in it (only mappings read the index).
      const uri = fileUri(join(small, 'template.json'));
      limited.open(uri, 'json', '{"mappings": {"properties": {"@timestamp": {"type": "date"}}}}');
      const warning = await limited.until('the warning', () => limited.shown.find((m) => m.type === MessageType.Warning));
      assert.match(warning.message, /reads 1 and leaves out 1 larger than fieldwise\.maxFileSize \(0\.001 MB\)/);
      const actions = await limited.codeActions(uri, 30, 30);
      assert.deepEqual(actions.map((a) => a.title).filter((t) => t.startsWith('Add the mappings')), ['Add the mappings of 1 field this workspace uses']);
    } finally {
      await limited.stop();
      rmSync(small, { recursive: true, force: true });
    }
  });
});
