// The parallel design, measured (server/src/lsp/parallelCheck.ts, a prototype the server does not use): in a fresh
// process, the cold first check of one document on the main thread alone, or shared with N worker threads started
// beforehand (as they would be at initialize, while the editor sends the document). Bundled by the bench into
// bench/out and run under plain node with the server's flags; the same bundle is the workers' script.
// Usage: node parallel.js json|yaml LABEL BYTES clean|dense WORKERS; prints {"startMs", "checkMs", "findings", "peakMb"}.
import { readFileSync } from 'node:fs';
import { loadCatalog } from '../server/src/catalog';
import { ParallelChecker, serveChecks } from '../server/src/lsp/parallelCheck';
import { LanguageService } from '../server/src/service/languageService';
import { benchDocument, BenchFormat, BenchKind } from './generate';

function peakMb(): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024;
}

async function main(): Promise<void> {
  const [format, label, bytes, kind, workers] = process.argv.slice(2);
  if ((format !== 'json' && format !== 'yaml') || !(Number(bytes) > 0) || !(Number(workers) >= 0)) {
    throw new Error('usage: parallel.js json|yaml LABEL BYTES clean|dense WORKERS');
  }
  const catalog = loadCatalog();
  const service = new LanguageService(catalog);
  const doc = benchDocument(format as BenchFormat, label, Number(bytes), 0, Number(bytes), kind as BenchKind, catalog);
  let started = performance.now();
  const checker = await ParallelChecker.start(Number(workers), __filename, service);
  const startMs = performance.now() - started;
  started = performance.now();
  const findings = await checker.check(service.parse(doc.text, doc.format), `events/${doc.name}`);
  const checkMs = performance.now() - started;
  await checker.stop();
  process.stdout.write(`${JSON.stringify({ startMs, checkMs, findings: findings.length, peakMb: peakMb() })}\n`);
}

if (!serveChecks()) {
  main().catch((error: unknown) => {
    process.stderr.write(`parallel: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
