// `npm run fuzz -- --edits 100000`: long random typing sessions through the built server (test/fuzz/serverSession.ts),
// a fresh server per session, rotating over every fuzz input (corpus, examples/, generated; every file kind). Prints
// progress, each failing session as a line to keep in test/fuzz/regressions.json, and the totals at the end.
// Options: --edits N (default 10000), --session N edits per server (default 1000), --seed N (default 1),
// --max-chars N (skip larger seed files; default 20000).
import { fuzzInputs } from '../test/fuzz/inputs';
import { runSession, SessionFigures } from '../test/fuzz/serverSession';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: a whole number of at least 1, not '${process.argv[at + 1]}'`);
  return value;
}

async function main(): Promise<void> {
  const total = option('--edits', 10_000);
  const perSession = option('--session', 1000);
  const firstSeed = option('--seed', 1);
  const inputs = fuzzInputs(option('--max-chars', 20_000));
  const started = Date.now();
  const sum = { edits: 0, requests: 0, sessions: 0, crashes: 0, hangs: 0, errors: 0, mismatches: 0, comparisons: 0, retries: 0, peakMb: 0 };
  const report = (): string => `${sum.edits} edits, ${sum.requests} requests, ${sum.sessions} sessions: ${sum.crashes} crashes, ${sum.hangs} hangs, ` +
    `${sum.errors} errors, ${sum.mismatches} mismatches; ${sum.comparisons} edited-versus-fresh comparisons (${sum.retries} requests retried on the settled document); peak server memory ${sum.peakMb.toFixed(0)} MB; ${((Date.now() - started) / 60000).toFixed(1)} min`;
  for (let s = 0; sum.edits < total; s++) {
    const input = inputs[s % inputs.length];
    const seed = firstSeed + s;
    const edits = Math.min(perSession, total - sum.edits);
    let figures: SessionFigures;
    try {
      figures = await runSession({ seed, kind: input.kind, text: input.text, edits, compareEvery: 10, answerMs: 60_000 });
    } catch (error) {
      process.stdout.write(`session ${seed} on ${input.name} could not run: ${error instanceof Error ? error.message : String(error)}\n`);
      sum.crashes++;
      sum.sessions++;
      continue;
    }
    sum.sessions++;
    sum.edits += figures.edits;
    sum.requests += figures.requests;
    sum.hangs += figures.hangs.length;
    sum.errors += figures.errors.length;
    sum.mismatches += figures.mismatches.length;
    sum.comparisons += figures.comparisons;
    sum.retries += figures.retries;
    if (figures.crashed) sum.crashes++;
    if (figures.peakMb > sum.peakMb) sum.peakMb = figures.peakMb;
    const problems = [figures.crashed ?? '', ...figures.hangs, ...figures.errors, ...figures.mismatches].filter((p) => p !== '');
    if (problems.length > 0) {
      process.stdout.write(`FAILED session seed ${seed} on ${input.name}:\n  ${problems.slice(0, 5).map((p) => p.slice(0, 1500)).join('\n  ')}\n` +
        `  keep it in test/fuzz/regressions.json under "server sessions": ${JSON.stringify({ seed, input: input.name, edits: figures.edits })}\n`);
    }
    process.stdout.write(`${report()}\n`);
  }
  process.stdout.write(`fuzz done: ${report()}\n`);
  if (sum.crashes + sum.hangs + sum.errors + sum.mismatches > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`fuzz: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 2;
});
