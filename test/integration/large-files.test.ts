// Files past fieldwise.maxFileSize and events past 16 MB: one information diagnostic saying why they are not
// analysed and how to raise the limit; a normal file open beside them is answered as usual. Needs `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { fileUri, markupText, messageText, startServer } from '../fixtures/lsp/harness';
import { sessionFolder } from '../fuzz/serverSession';
import { documentOfSize } from '../fuzz/typing';
import { kindOf } from '../fuzz/inputs';

test('a file past fieldwise.maxFileSize gets one information diagnostic and no analysis; a normal file beside it is answered', async () => {
  const folder = sessionFolder();
  const server = await startServer({ workspace: folder, settings: { files: { events: ['**'] }, maxFileSize: 1 } });
  try {
    const json = kindOf('json');
    const big = fileUri(join(folder, 'events/big.json'));
    const bigText = documentOfSize(json, 1_300_000);
    server.open(big, 'json', bigText);
    const small = fileUri(join(folder, 'events/small.json'));
    const smallText = documentOfSize(json, 5_000);
    server.open(small, 'json', smallText);
    const diagnostics = await server.diagnostics(big);
    assert.equal(diagnostics.length, 1, diagnostics.map(messageText).join('\n'));
    assert.equal(diagnostics[0].severity, DiagnosticSeverity.Information);
    assert.equal(diagnostics[0].code, 'not-analysed');
    assert.match(messageText(diagnostics[0]), /1\.\d MB, more than fieldwise\.maxFileSize \(1 MB\).*Raise fieldwise\.maxFileSize/);
    assert.deepEqual(await server.completion(big, bigText.indexOf('"city_name"') + 2), []);
    assert.equal(await server.hover(big, bigText.indexOf('"city_name"') + 2), null);
    const key = smallText.indexOf('"city_name"') + 2;
    assert.match(markupText((await server.hover(small, key))?.contents), /geo\.city_name/, 'the normal file is answered');
    // Raised past the file's size, the file is analysed again.
    const refreshes = server.refreshes.diagnostics;
    server.changeSettings({ files: { events: ['**'] }, maxFileSize: 2 });
    await server.until('a diagnostics refresh after the settings change', () => server.refreshes.diagnostics > refreshes);
    assert.ok(!(await server.diagnostics(big)).some((d) => d.code === 'not-analysed'), 'no not-analysed diagnostic once the limit is raised');
  } finally {
    await server.stop();
  }
});
