// The language server reads the project configuration (.fieldwise/config.yml) that `fieldwise check` reads: a code it
// switches off is off in the editor too, a severity it sets is shown, the editor's own settings override it locally,
// a change on disk is read again, and a broken file is said once, with its line, while the last good one stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Diagnostic, DidChangeWatchedFilesNotification, FileChangeType, MessageType } from 'vscode-languageserver-protocol';
import { fileUri, LspSession, startServer } from '../fixtures/lsp/harness';

const EVENT = '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "source": {"port": "80"}, "event": {"kind": "evnt"}}\n';

const severityName = ['', 'error', 'warning', 'information', 'hint'];
const codes = (list: Diagnostic[]): string[] => list.map((d) => `${severityName[d.severity ?? 0]} ${String(d.code)}`).sort();

function folder(config?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwise-lsp-project-'));
  mkdirSync(join(dir, '.fieldwise'));
  if (config !== undefined) writeFileSync(join(dir, '.fieldwise', 'config.yml'), config);
  writeFileSync(join(dir, 'events.json'), EVENT);
  return dir;
}

async function diagnosticsOf(server: LspSession, dir: string, expected: string[]): Promise<void> {
  const uri = fileUri(join(dir, 'events.json'));
  // Settings and configuration files apply asynchronously: pull until the expected list comes (or time out with the last).
  let last: string[] = [];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    last = codes(await server.diagnostics(uri));
    if (JSON.stringify(last) === JSON.stringify([...expected].sort())) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.deepEqual(last, [...expected].sort());
}

test('the editor reads .fieldwise/config.yml; its own settings override it; edits on disk are read again', async (t) => {
  const dir = folder('diagnostics:\n  disable: [type-mismatch]\n  severity:\n    invalid-value: warning\n');
  const server = await startServer({ workspace: dir, settings: {} });
  t.after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const uri = fileUri(join(dir, 'events.json'));
  server.open(uri, 'json', EVENT);
  await diagnosticsOf(server, dir, ['warning invalid-value']);
  // The editor's severity wins over the project's, on this machine only.
  server.changeSettings({ diagnostics: { severity: { 'invalid-value': 'hint' } } });
  await diagnosticsOf(server, dir, ['hint invalid-value']);
  // The file changes on disk (announced as a client's watcher would): read again.
  writeFileSync(join(dir, '.fieldwise', 'config.yml'), 'diagnostics:\n  severity:\n    type-mismatch: information\n');
  await server.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: fileUri(join(dir, '.fieldwise', 'config.yml')), type: FileChangeType.Changed }] });
  await diagnosticsOf(server, dir, ['information type-mismatch', 'hint invalid-value']);
});

test('a broken project configuration is said once, with its line; the last good one stays until it is fixed', async (t) => {
  const dir = folder('diagnostics:\n  disable: [type-mismatch]\n');
  const server = await startServer({ workspace: dir, settings: {} });
  t.after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const uri = fileUri(join(dir, 'events.json'));
  server.open(uri, 'json', EVENT);
  await diagnosticsOf(server, dir, ['error invalid-value']);
  const announce = (): Promise<void> => server.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: fileUri(join(dir, '.fieldwise', 'config.yml')), type: FileChangeType.Changed }] });
  writeFileSync(join(dir, '.fieldwise', 'config.yml'), 'diagnostics:\n  disable: [type-mismatch]\n  severity:\n    invalid-value: loud\n');
  await announce();
  const error = await server.until('the error message', () => server.shown.find((m) => m.type === MessageType.Error && /project configuration/.test(m.message)));
  assert.match(error.message, /config\.yml:4: \/diagnostics\/severity\/invalid-value: "loud" is not one of: error, warning, information, hint, off/);
  assert.match(error.message, /keeping the last one that loaded/);
  await diagnosticsOf(server, dir, ['error invalid-value']);
  await announce();
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(server.shown.filter((m) => m.type === MessageType.Error).length, 1, 'said once');
  writeFileSync(join(dir, '.fieldwise', 'config.yml'), 'diagnostics:\n  disable: [invalid-value]\n');
  await announce();
  await server.until('the message that it loads again', () => server.shown.find((m) => m.type === MessageType.Info && /loads again/.test(m.message)));
  await diagnosticsOf(server, dir, ['error type-mismatch']);
});
