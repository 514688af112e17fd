// `npm run bench -- --compare REF`: REF's Fieldwise (A, built by otherBuild.ts) against this checkout's (B) on the same
// documents, a fresh server per session (session.ts), A and B alternating within each run and their order swapped every
// other run, so that the machine's drift over the runs hits both alike. Prints, per document, both builds' medians of
// the open, edit, completion and memory figures with B/A, and flags each figure where B is more than 10% worse.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { BenchDocument } from './generate';
import { thisCheckoutLabel, withOtherBuild } from './otherBuild';
import { describeFlags, fieldwise, FieldwiseBuild, REPO, THIS_BUILD } from './servers';
import { runSession, SESSION_LIMITS, SessionFigures } from './session';
import { median, percentile } from './stats';
import { layout, mb, ms, ratioOf, showRatio } from './table';

/** B's figure over A's above this is flagged: every figure compared is a cost (time or memory), so higher is worse. */
const WORSE_ABOVE = 1.1;

export interface ComparedDocument {
  doc: BenchDocument;
  /** Its name in the table (`JSON dense 1 MB`). */
  label: string;
}

interface Compared {
  label: string;
  bytes: number;
  a: SessionFigures[];
  b: SessionFigures[];
}

/** Builds `ref`, runs every document `runs` times with both builds, prints the comparison; the worktree goes in any case. */
export async function runCompare(ref: string, documents: ComparedDocument[], runs: number, folder: string): Promise<void> {
  if (documents.length === 0) throw new Error('--compare: no documents to compare (dense documents start at 1 MB: see --sizes and --only)');
  const thisBuild: FieldwiseBuild = { ...THIS_BUILD, label: thisCheckoutLabel() };
  await withOtherBuild(ref, async (other) => {
    const loadBefore = loadavg()[0];
    const started = Date.now();
    const where = join(folder, 'compare');
    const results: Compared[] = [];
    for (const { doc, label } of documents) {
      // A folder holding the document alone, as each session sees it in the other rows.
      rmSync(where, { recursive: true, force: true });
      mkdirSync(where, { recursive: true });
      writeFileSync(join(where, doc.name), doc.text);
      const compared: Compared = { label, bytes: doc.text.length, a: [], b: [] };
      for (let run = 0; run < runs; run++) {
        const order: Array<['A' | 'B', FieldwiseBuild, SessionFigures[]]> = [['A', other, compared.a], ['B', thisBuild, compared.b]];
        if (run % 2 === 1) order.reverse();
        for (const [side, build, into] of order) {
          const f = await runSession(fieldwise({ build }), doc, where, { ...SESSION_LIMITS, probes: true });
          into.push(f);
          process.stderr.write(`  ${side} ${doc.name.padEnd(28)} run ${run + 1}: open ${f.openMs.toFixed(0)} ms, edit ${f.editMs.toFixed(0)} ms, ` +
            `${f.diagnosticsAfterOpen} diagnostics, ${f.completionMs.length} completions, ${f.memoryMb.toFixed(0)} MB\n`);
        }
      }
      results.push(compared);
    }
    writeFileSync(join(REPO, 'bench/out/compare.json'), JSON.stringify({ a: other.label, b: thisBuild.label, runs, results }, null, 2));
    printCompare(other, thisBuild, results, runs, { loadBefore, loadAfter: loadavg()[0], minutes: (Date.now() - started) / 60000 });
  });
}

function printCompare(a: FieldwiseBuild, b: FieldwiseBuild, results: Compared[], runs: number, ctx: { loadBefore: number; loadAfter: number; minutes: number }): void {
  const header = { document: 'document', measure: 'measure (ms unless noted)', a: 'A', b: 'B', ratio: 'B/A', flag: 'flag' };
  const rows: Array<typeof header> = [];
  const flagged: string[] = [];
  let figures = 0;
  for (const r of results) {
    const add = (measure: string, av: number, bv: number, show: (v: number) => string): void => {
      const ratio = ratioOf(bv, av);
      const worse = ratio > WORSE_ABOVE;
      figures++;
      if (worse) flagged.push(`${r.label} ${measure} ${showRatio(ratio)}`);
      rows.push({ document: '', measure, a: show(av), b: show(bv), ratio: showRatio(ratio), flag: worse ? 'WORSE' : '' });
    };
    const first = rows.length;
    const m = (list: SessionFigures[], pick: (f: SessionFigures) => number): number => median(list.map(pick));
    const pooled = (list: SessionFigures[], p: number): number => percentile(list.flatMap((f) => f.completionMs), p);
    add('open -> diagnostics', m(r.a, (f) => f.openMs), m(r.b, (f) => f.openMs), ms);
    // The server's own CPU time: what a busy machine inflates least (counted in clock ticks, so coarse for small documents).
    add('open -> diagnostics, server CPU', m(r.a, (f) => f.openCpuMs), m(r.b, (f) => f.openCpuMs), ms);
    add('edit -> diagnostics', m(r.a, (f) => f.editMs), m(r.b, (f) => f.editMs), ms);
    add(`completion p50 (n=${r.a.flatMap((f) => f.completionMs).length} / ${r.b.flatMap((f) => f.completionMs).length})`, pooled(r.a, 50), pooled(r.b, 50), ms);
    add('completion p95', pooled(r.a, 95), pooled(r.b, 95), ms);
    add('peak memory (VmHWM)', m(r.a, (f) => f.memoryMb), m(r.b, (f) => f.memoryMb), mb);
    rows[first].document = `${r.label} (${(r.bytes / 1e6).toFixed(2)} MB)`;
    // Not a cost, so not flagged: a different count says the builds disagree on the document, which the figures then reflect.
    const diagnostics = (list: SessionFigures[]): string => [...new Set(list.map((f) => f.diagnosticsAfterOpen))].join(', ');
    const same = diagnostics(r.a) === diagnostics(r.b);
    rows.push({ document: '', measure: 'diagnostics after open (count)', a: diagnostics(r.a), b: diagnostics(r.b), ratio: '', flag: same ? '' : 'differs' });
  }
  const out = layout(header, rows, ['a', 'b', 'ratio']);
  const cores = cpus().length;
  process.stdout.write(`
Two builds of Fieldwise (bench/compare.ts), each started with its own client's node flags:
A = ${a.label}, node flags: ${describeFlags(a.nodeFlags)}
B = ${b.label}, node flags: ${describeFlags(b.nodeFlags)}
A fresh server per session, A and B alternating in each run (A B, then B A), medians of ${runs} run${runs === 1 ? '' : 's'}; completion p50/p95 over all probes of
all runs. WORSE: B more than ${Math.round((WORSE_ABOVE - 1) * 100)}% above A${runs < 3 ? ' (with fewer than 3 runs, as likely the machine as the build)' : ''}.
${out.join('\n')}

${flagged.length === 0 ? `No figure of B more than ${Math.round((WORSE_ABOVE - 1) * 100)}% worse than A's (${figures} figures).` : `B more than ${Math.round((WORSE_ABOVE - 1) * 100)}% worse than A in ${flagged.length} of ${figures} figures: ${flagged.join('; ')}.`}
${cores} cores; load average ${ctx.loadBefore.toFixed(1)} before, ${ctx.loadAfter.toFixed(1)} after; ${ctx.minutes.toFixed(1)} minutes.${Math.max(ctx.loadBefore, ctx.loadAfter) > cores ? `
WARNING: the machine was busy (load above ${cores}); both builds' figures are inflated, B/A less so.` : ''}
`);
}
