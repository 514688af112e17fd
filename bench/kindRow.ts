// A file kind's bench row beside an event document of the same size (bench/pipeline.ts, bench/mapping.ts): both opened
// in fresh Fieldwise servers, alternating within the same run so that both see the same load; open to diagnostics of
// the kind's file against the event document's (the ratio), completion and hover p95 at each kind of site inside the
// file (a probe's `depth` is its site kind's index; target under 10 ms), one edit, and peak memory.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchDocument } from './generate';
import { describeFlags, fieldwise } from './servers';
import { runSession, SESSION_LIMITS, SessionFigures } from './session';
import { median, percentile } from './stats';
import type { Row } from './table';

export interface KindFigures {
  /** The node flags of both servers. */
  nodeFlags: readonly string[];
  unit: { bytes: number; runs: SessionFigures[] };
  event: { bytes: number; events: number; runs: SessionFigures[] };
}

/**
 * Both documents in fresh servers, `runs` times, alternating which goes first. Each in a folder of its own under
 * `folder`, holding only the two: the bench's documents folder holds every row's files (a 3 MB NDJSON file among them),
 * which opening a mapping would read as its workspace (the workspace rows measure that apart, bench/workspaceIndex.ts).
 */
export async function benchBeside(runs: number, doc: BenchDocument, event: BenchDocument, folder: string): Promise<KindFigures> {
  folder = join(folder, `row-${doc.name.replace(/\.[^.]+$/, '')}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const d of [doc, event]) writeFileSync(join(folder, d.name), d.text);
  const setup = fieldwise();
  const figures: KindFigures = { nodeFlags: setup.nodeFlags, unit: { bytes: doc.text.length, runs: [] }, event: { bytes: event.text.length, events: event.events, runs: [] } };
  const session = async (d: BenchDocument, probes: boolean, into: SessionFigures[], run: number): Promise<void> => {
    const f = await runSession(setup, d, folder, { ...SESSION_LIMITS, probes });
    into.push(f);
    process.stderr.write(`  fieldwise ${d.name.padEnd(24)} run ${run + 1}: open ${f.openMs.toFixed(0)} ms, edit ${f.editMs.toFixed(0)} ms, ` +
      `${f.diagnosticsAfterOpen} diagnostics (${f.errorsAfterOpen} errors and warnings), ${f.completionMs.length} completions, ` +
      `${f.hoverMs.length} hovers, ${f.memoryMb.toFixed(0)} MB\n`);
  };
  for (let run = 0; run < runs; run++) {
    const order: Array<() => Promise<void>> = [
      () => session(doc, true, figures.unit.runs, run),
      () => session(event, false, figures.event.runs, run),
    ];
    if (run % 2 === 1) order.reverse();
    for (const step of order) await step();
  }
  return figures;
}

export interface KindRowLabels {
  /** The row's document column. */
  document: string;
  /** What the event document is, for the open measure's peer column. */
  event: string;
  /** What the edit does. */
  edit: string;
  /** Sites by probe depth. */
  probeKinds: readonly string[];
}

const ms = (v: number): string => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) : 'n/a');
const ratioText = (r: number): string => (Number.isFinite(r) ? r.toFixed(2) : 'n/a');

/** The rows for the bench table (table.ts): the "peer" column holds the event document's figure. */
export function kindRows(f: KindFigures, labels: KindRowLabels): Row[] {
  const out: Row[] = [];
  const add = (measure: string, ours: string, peer: string, ratio: number, target: string, ok: boolean | undefined): void => {
    const document = out.length === 0 ? labels.document : out.length === 1 ? `node flags: ${describeFlags(f.nodeFlags)} (both)` : '';
    out.push({ document, measure, ours, peer, ratio: ratioText(ratio), target, verdict: ok === undefined ? '' : ok ? 'met' : 'MISSED', floor: '' });
  };
  const p = f.unit.runs;
  const e = f.event.runs;
  const m = (list: SessionFigures[], pick: (s: SessionFigures) => number): number => median(list.map(pick));
  const open = m(p, (s) => s.openMs);
  const eventOpen = m(e, (s) => s.openMs);
  add(`open -> diagnostics (peer column: ${labels.event}, ${f.event.events} ev., same runs)`, ms(open), ms(eventOpen), open / eventOpen, '<= 1.0', open / eventOpen <= 1);
  add('open -> diagnostics, server CPU (what the load inflates least)', ms(m(p, (s) => s.openCpuMs)), ms(m(e, (s) => s.openCpuMs)), m(p, (s) => s.openCpuMs) / m(e, (s) => s.openCpuMs), '', undefined);
  add(`edit -> diagnostics (${labels.edit})`, ms(m(p, (s) => s.editMs)), ms(m(e, (s) => s.editMs)), m(p, (s) => s.editMs) / m(e, (s) => s.editMs), '', undefined);
  add('edit -> diagnostics, server CPU', ms(m(p, (s) => s.editCpuMs)), ms(m(e, (s) => s.editCpuMs)), m(p, (s) => s.editCpuMs) / m(e, (s) => s.editCpuMs), '', undefined);
  add('diagnostics after open: count / errors and warnings', `${m(p, (s) => s.diagnosticsAfterOpen)} / ${m(p, (s) => s.errorsAfterOpen)}`,
    `${m(e, (s) => s.diagnosticsAfterOpen)} / ${m(e, (s) => s.errorsAfterOpen)}`, NaN, '', undefined);
  const empty = (pick: (s: SessionFigures) => number): number => p.reduce((n, s) => n + pick(s), 0);
  for (const [what, byKind] of [['completion', (s: SessionFigures) => s.completionByDepth], ['hover', (s: SessionFigures) => s.hoverByDepth]] as const) {
    labels.probeKinds.forEach((kind, depth) => {
      const times = p.flatMap((s) => byKind(s)[depth] ?? []);
      const p95 = percentile(times, 95);
      add(`${what} p95, ${kind} (n=${times.length}, p50 ${ms(percentile(times, 50))})`, ms(p95), '', NaN, '< 10 ms', p95 < 10);
    });
  }
  add(`probes answered with nothing: completion / hover`, `${empty((s) => s.emptyCompletions)} / ${empty((s) => s.emptyHovers)}`, '', NaN, '', undefined);
  const mem = m(p, (s) => s.memoryMb);
  const eventMem = m(e, (s) => s.memoryMb);
  add('peak memory (VmHWM)', `${mem.toFixed(0)} MB`, `${eventMem.toFixed(0)} MB`, mem / eventMem, '', undefined);
  return out;
}
