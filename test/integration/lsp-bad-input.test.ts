// Bad input through the built server over stdio (dist/server.js; `npm run build` first): a YAML alias bomb in each
// kind a YAML file can be gets its one alias-expansion-limit finding and leaves the server answering the requests
// that follow; a file with a byte order mark is read, checked and fixed as the file without it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { appliedAction, fileUri, LspSession, startServer } from '../fixtures/lsp/harness';
import { bombFiles } from '../helpers/aliasBomb';

/** A hang guard, not a timing assertion: a request the server never answers fails here instead of stalling the suite. */
const ANSWER_MS = 60_000;

async function answered<T>(what: string, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer to ${what} within ${ANSWER_MS} ms`)), ANSWER_MS);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('bad input over stdio', () => {
  let server: LspSession;
  let folder: string;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'fieldwise-bad-input-'));
    server = await startServer({ workspace: folder });
  });
  after(async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const textOf = (uri: string, d: Diagnostic): string => server.document(uri).getText(d.range);

  for (const file of bombFiles()) {
    test(`an alias bomb in a ${file.kind} file: one finding, the fields around it checked, and the next requests answered`, async () => {
      const uri = fileUri(join(folder, file.path));
      server.open(uri, file.languageId, file.text);
      const found = await answered('diagnostics', server.diagnostics(uri));
      const limits = found.filter((d) => d.code === 'alias-expansion-limit');
      assert.deepEqual(limits.map((d) => textOf(uri, d)), ['*l3'], found.map((d) => d.code).join(', '));
      for (const name of [file.before, file.after]) {
        assert.ok(found.some((d) => String(d.code).startsWith('unknown') && textOf(uri, d).includes(name)), `'${name}' is still checked`);
      }
      // Every feature walks the tree: each answers, at the bomb's last level and after it.
      const last = file.text.indexOf('l9:');
      const afterBomb = file.text.indexOf(file.after);
      for (const offset of [last, last + 6, afterBomb]) {
        await answered(`hover at ${offset}`, server.hover(uri, offset));
        assert.ok(Array.isArray(await answered(`completion at ${offset}`, server.completion(uri, offset))));
      }
      await answered('inlay hints', server.inlayHints(uri));
      await answered('code actions', server.codeActions(uri, 0, file.text.length));
      // The server still reads new text: an edit after the bomb is checked.
      server.edit(uri, afterBomb, afterBomb + file.after.length, 'addres');
      const edited = await answered('diagnostics after an edit', server.diagnostics(uri));
      assert.ok(edited.some((d) => textOf(uri, d).includes('addres')), 'the edited name is checked');
      assert.equal(server.child.exitCode, null, 'the server is still running');
    });
  }

  test('a JSON event with a byte order mark is checked whole, and a quick fix keeps the mark', async () => {
    const uri = fileUri(join(folder, 'events/bom.json'));
    const text = '\ufeff{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "source": {"prot": 80}}';
    server.open(uri, 'json', text);
    const found = await answered('diagnostics', server.diagnostics(uri));
    assert.deepEqual(found.map((d) => [d.code, textOf(uri, d), d.range.start.character]), [['unknown-field', 'prot', text.indexOf('prot')]]);
    const actions = await answered('code actions', server.codeActions(uri, text.indexOf('prot'), text.indexOf('prot')));
    const rename = actions.find((a) => a.title === "Rename to 'source.port'");
    assert.ok(rename, actions.map((a) => a.title).join(', '));
    assert.equal(appliedAction(server, uri, rename), text.replace('"prot"', '"port"'));
  });

  test('a YAML event with a byte order mark keeps its first key', async () => {
    const uri = fileUri(join(folder, 'events/bom.yml'));
    const text = '\ufeff"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11.0\n';
    server.open(uri, 'yaml', text);
    assert.deepEqual(await answered('diagnostics', server.diagnostics(uri)), []);
  });
});
