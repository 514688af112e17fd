// The JIT's share of a first open, for the bench's notes: in a fresh process, the language server's own open path
// (split, parse, check in slices with the trees released; LanguageService.check) over ROUNDS documents of one size,
// each new to the caches. Round 1 is what a fresh server pays cold; the later ones the same work warm. No protocol, no
// transfer. Bundled by the bench into bench/out and run under plain node with the server's flags.
// Usage: node warmup.js json|yaml LABEL BYTES ROUNDS [clean|dense]; prints {"roundsMs": [...]} on stdout.
import { loadCatalog } from '../server/src/catalog';
import { fileType } from '../server/src/document/fileType';
import { LanguageService } from '../server/src/service/languageService';
import { benchDocument, BenchKind } from './generate';

async function main(): Promise<void> {
  const [format, label, bytes, rounds, kind = 'clean'] = process.argv.slice(2);
  if ((format !== 'json' && format !== 'yaml') || !label || !(Number(bytes) > 0) || !(Number(rounds) > 0)) {
    throw new Error('usage: warmup.js json|yaml LABEL BYTES ROUNDS [clean|dense]');
  }
  const catalog = loadCatalog();
  const service = new LanguageService(catalog);
  const roundsMs: number[] = [];
  for (let round = 0; round < Number(rounds); round++) {
    // Round 1 is the bench's own document; then other seeds: the same size and shape, other events.
    const doc = benchDocument(format, label, Number(bytes), 0, Number(bytes) + round, kind as BenchKind, catalog);
    const started = performance.now();
    const parsed = service.parse(doc.text, fileType('events', doc.format));
    const result = await service.check(parsed, `events/${doc.name}`, { yieldEvery: 10, isCancelled: () => false });
    roundsMs.push(performance.now() - started);
    if (!result || result.checked !== doc.events) throw new Error(`round ${round + 1}: ${result?.checked ?? 0} of ${doc.events} events checked`);
  }
  process.stdout.write(`${JSON.stringify({ roundsMs })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`warmup: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
