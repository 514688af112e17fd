// Large inputs over stdio: code actions on one NDJSON event of 100,000 dotted keys (about 3 MB; one request parses
// it once), completion and hover in a small file open beside a file past fieldwise.maxFileSize, and a ten-level YAML
// alias bomb in each kind a YAML file can be (aliases expanded only up to the bound, document/limits.ts).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { BenchClient } from './lspClient';
import { benchDocument } from './generate';
import { fieldwise } from './servers';
import { median } from './stats';
import { bombFiles } from '../test/helpers/aliasBomb';

const KEYS = 100_000;

export async function runLargeInputs(folder: string): Promise<void> {
  const setup = { ...fieldwise(), settings: { fieldwise: { files: { events: ['**'] }, maxFileSize: 3 } } };
  const { client } = await BenchClient.start(setup, pathToFileURL(folder).href);
  try {
    const keys = Array.from({ length: KEYS }, (_, i) => `"labels.k${i}":"v${i}"`).join(',');
    const line = `{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},${keys}}\n`;
    const ndjson = pathToFileURL(join(folder, 'dotted.ndjson')).href;
    writeFileSync(join(folder, 'dotted.ndjson'), line);
    await client.openToDiagnostics(ndjson, 'ndjson', line, 0, 600_000);
    const at = client.document(ndjson).positionAt(line.indexOf('"labels.k0"') + 2);
    // Three requests at one key: the first after open, then as an editor asks again when the caret stays.
    const actionMs: number[] = [];
    const actionCpuMs: number[] = [];
    let actions: { ms: number; result?: CodeAction[] } = { ms: NaN };
    for (let i = 0; i < 3; i++) {
      const cpu = client.cpuMs();
      actions = await client.timed<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: ndjson }, range: { start: at, end: at }, context: { diagnostics: [] } });
      actionMs.push(actions.ms);
      actionCpuMs.push(client.cpuMs() - cpu);
    }
    // The fix-all comes without its edit (the client resolves it, as VS Code does): made when the user picks it.
    const fixAll = actions.result?.find((a) => a.kind === 'source.fixAll');
    const resolveCpu = client.cpuMs();
    const resolved = fixAll && !fixAll.edit ? await client.timed<CodeAction>('codeAction/resolve', fixAll) : undefined;
    const resolvedCpuMs = client.cpuMs() - resolveCpu;
    const resolvedEdits = resolved?.result.edit?.changes?.[ndjson] ?? [];
    const resolvedBytes = resolved ? JSON.stringify(resolved.result).length : 0;
    // Beside a file past the limit (3 MB here), a normal file answers as it would alone.
    const big = benchDocument('json', '5m', 5_000_000, 1);
    const bigUri = pathToFileURL(join(folder, 'over-limit.json')).href;
    await client.openToDiagnostics(bigUri, 'json', big.text, 0, 60_000);
    const small = benchDocument('json', '100k', 100_000, 20);
    const smallUri = pathToFileURL(join(folder, 'beside.json')).href;
    await client.openToDiagnostics(smallUri, 'json', small.text, 0, 60_000);
    const doc = client.document(smallUri);
    const completion: number[] = [];
    const hover: number[] = [];
    for (const p of small.completions) completion.push((await client.timed('textDocument/completion', { textDocument: { uri: smallUri }, position: doc.positionAt(p.offset) })).ms);
    for (const p of small.hovers) hover.push((await client.timed('textDocument/hover', { textDocument: { uri: smallUri }, position: doc.positionAt(p.offset) })).ms);
    process.stdout.write(`\nLarge inputs:
code actions on one NDJSON event of ${KEYS.toLocaleString('en')} dotted keys (${(line.length / 1e6).toFixed(1)} MB): ${actionMs.map((ms) => ms.toFixed(0)).join(' / ')} ms (3 requests; server CPU ${actionCpuMs.map((ms) => ms.toFixed(0)).join(' / ')} ms), ${actions.result?.length ?? 0} actions (target: under 1 s; load average ${loadavg()[0].toFixed(1)})
the fix-all resolved when picked (codeAction/resolve): ${resolved ? `${resolved.ms.toFixed(0)} ms (server CPU ${resolvedCpuMs.toFixed(0)} ms), ${(resolvedBytes / 1e6).toFixed(1)} MB, ${resolvedEdits.length} edit(s)` : 'n/a (sent with its edit)'}
beside a ${(big.text.length / 1e6).toFixed(1)} MB file past fieldwise.maxFileSize (3 MB here): completion p50 ${median(completion).toFixed(1)} ms, hover p50 ${median(hover).toFixed(1)} ms in a 100 KB file
`);
  } finally {
    await client.stop();
  }
  await runAliasBombs(folder);
}

/** Ten levels of nine aliases, in one file of each kind: opened to diagnostics, then a hover at the bomb's last level. */
export async function runAliasBombs(folder: string): Promise<void> {
  const { client } = await BenchClient.start(fieldwise(), pathToFileURL(folder).href);
  try {
    const checked: string[] = [];
    const hovers: number[] = [];
    const files = bombFiles(10, 9);
    for (const file of files) {
      const uri = pathToFileURL(join(folder, file.path)).href;
      const opened = await client.openToDiagnostics(uri, file.languageId, file.text, 1, 600_000);
      const said = opened.diagnostics.some((d) => d.code === 'alias-expansion-limit') ? '' : ' (no alias-expansion-limit finding!)';
      checked.push(`${opened.ms.toFixed(0)} ms ${file.kind}${said}`);
      const at = client.document(uri).positionAt(file.text.indexOf('l9:') + 1);
      hovers.push((await client.timed('textDocument/hover', { textDocument: { uri }, position: at })).ms);
    }
    const bytes = files[0].text.length;
    process.stdout.write(`a 10-level YAML alias bomb (ten lines of nine aliases, standing for 9^10 values; the event file is ${bytes} bytes): opened to diagnostics in ${checked.join(', ')}; ` +
      `hover at its last level p50 ${median(hovers).toFixed(1)} ms (target: checked in under 1 s; load average ${loadavg()[0].toFixed(1)})\n`);
  } finally {
    await client.stop();
  }
}
