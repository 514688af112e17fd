// The parallel first check (`--check-workers=N`, server/src/lsp/parallelCheck.ts): a server whose worker threads
// checked part of a document answers exactly the diagnostics of a server that checked it alone, on clean and
// error-dense documents, JSON and YAML, with settings that change what is reported, after open and after an edit.
// Needs `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { benchDocument, BenchFormat, BenchKind } from '../../bench/generate';
import { loadCatalog } from '../../server/src/catalog';
import { fileUri, LspSession, startServer } from '../fixtures/lsp/harness';
import { sessionFolder } from '../fuzz/serverSession';

const catalog = loadCatalog();

const cases: Array<{ format: BenchFormat; kind: BenchKind; bytes: number }> = [
  { format: 'json', kind: 'clean', bytes: 400_000 },
  { format: 'json', kind: 'dense', bytes: 300_000 },
  { format: 'yaml', kind: 'clean', bytes: 400_000 },
  { format: 'yaml', kind: 'dense', bytes: 300_000 },
];

// What is reported depends on them: severities and codes switched off apply after the workers' findings are adopted.
const settings = {
  files: { events: ['**'] },
  diagnostics: { severity: { 'pattern-mismatch': 'error' }, disable: ['undefined-field-set'], maxInformationAndHints: 100_000 },
};

async function session(workers: number): Promise<{ server: LspSession; folder: string }> {
  const folder = sessionFolder();
  const server = await startServer({ workspace: folder, settings, trace: 'verbose', serverArgs: workers > 0 ? [`--check-workers=${workers}`] : [] });
  // Workers join a check when they are ready: waited for here so that they really take part.
  for (let n = 1; n <= workers; n++) await server.until(`check worker ${n} ready`, () => server.traces.some((t) => t.startsWith(`check worker ${n} ready`)), 60000);
  return { server, folder };
}

const shown = (list: Diagnostic[]): string[] => list.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity} ${String(d.code)} ${d.message}`);

test('worker threads that check part of a document give the same diagnostics as the main thread alone', async () => {
  const alone = await session(0);
  const shared = await session(2);
  const both = [alone, shared];
  try {
    for (const { format, kind, bytes } of cases) {
      const doc = benchDocument(format, `par-${kind}`, bytes, 0, bytes, kind, catalog);
      const name = `events/${kind}.${format}`;
      const results: string[][] = [];
      for (const { server, folder } of both) {
        const uri = fileUri(join(folder, name));
        server.open(uri, format, doc.text);
        results.push(shown(await server.diagnostics(uri)));
      }
      assert.ok(results[0].length > 0, `${name}: the document has findings`);
      assert.deepEqual(results[1], results[0], `${name}: the same diagnostics with check workers`);
      const line = shared.server.traces.find((t) => t.includes(`${name} v1:`));
      assert.match(line ?? '', /by worker threads/, `${name}: the workers checked part of it (${line})`);
      // An edit re-checks one event on the main thread; the workers' findings of the others stay as they were.
      const edited: string[][] = [];
      for (const { server, folder } of both) {
        const uri = fileUri(join(folder, name));
        const at = doc.text.indexOf(format === 'json' ? '"@timestamp"' : '@timestamp', doc.text.length >> 1);
        server.edit(uri, at + 1, at + 2, 'X');
        edited.push(shown(await server.diagnostics(uri)));
      }
      assert.notDeepEqual(edited[0], results[0], `${name}: the edit changes what is reported`);
      assert.deepEqual(edited[1], edited[0], `${name}: the same diagnostics after an edit`);
    }
  } finally {
    await alone.server.stop();
    await shared.server.stop();
  }
});
