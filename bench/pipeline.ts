// The bench's pipeline row (issue 11): Fieldwise's server opens a generated ingest pipeline of about 1 MB
// (generatePipeline.ts) and the clean 1 MB JSON event document, in fresh processes, alternating within the same run
// so that both see the same load; open to diagnostics of the pipeline against the event document's (target: at most
// 1.0), completion and hover p95 at each kind of site inside the pipeline (field values, grok patterns, mustache,
// painless; target under 10 ms), one edit, and peak memory. `npm run bench -- --only pipeline` runs this row alone.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../server/src/catalog/types';
import { benchDocument, BenchDocument } from './generate';
import { PIPELINE_PROBE_KINDS, pipelineDocument, PipelineDocument } from './generatePipeline';
import { fieldwise } from './servers';
import { runSession, SessionFigures } from './session';
import { median, percentile } from './stats';
import type { Row } from './table';

const BYTES = 1_000_000;
/** Probes per run: a quarter of each kind. */
const PROBES = 200;

export interface PipelineFigures {
  pipeline: { bytes: number; processors: number; runs: SessionFigures[] };
  event: { bytes: number; events: number; runs: SessionFigures[] };
}

/** The bench's pipeline document (seed 11). */
export const benchPipelineDocument = (catalog: Catalog): PipelineDocument => pipelineDocument(catalog, BYTES, PROBES, 11);

/** Both documents in fresh servers, `runs` times, alternating which goes first. */
export async function benchPipeline(runs: number, catalog: Catalog, folder: string): Promise<PipelineFigures> {
  const pipeline = benchPipelineDocument(catalog);
  const event = benchDocument('json', '1mb', BYTES, 99, BYTES, 'clean', catalog);
  for (const doc of [pipeline, event]) writeFileSync(join(folder, doc.name), doc.text);
  process.stderr.write(`${pipeline.name}: ${(pipeline.text.length / 1e6).toFixed(2)} MB, ${pipeline.processors} top-level processors, ` +
    `${pipeline.completions.length} probes, ${pipeline.injected.join('; ')}\n`);
  const figures: PipelineFigures = {
    pipeline: { bytes: pipeline.text.length, processors: pipeline.processors, runs: [] },
    event: { bytes: event.text.length, events: event.events, runs: [] },
  };
  const session = async (doc: BenchDocument, probes: boolean, into: SessionFigures[], run: number): Promise<void> => {
    const f = await runSession(fieldwise(), doc, folder, { probeBudgetMs: 60000, minProbes: 100, probes, timeoutMs: 180000 });
    into.push(f);
    process.stderr.write(`  fieldwise ${doc.name.padEnd(24)} run ${run + 1}: open ${f.openMs.toFixed(0)} ms, edit ${f.editMs.toFixed(0)} ms, ` +
      `(server CPU ${f.openCpuMs.toFixed(0)} / ${f.editCpuMs.toFixed(0)} ms), ${f.diagnosticsAfterOpen} diagnostics (${f.errorsAfterOpen} errors and warnings), ${f.completionMs.length} completions, ` +
      `${f.hoverMs.length} hovers, ${f.memoryMb.toFixed(0)} MB\n`);
  };
  for (let run = 0; run < runs; run++) {
    const order: Array<() => Promise<void>> = [
      () => session(pipeline, true, figures.pipeline.runs, run),
      () => session(event, false, figures.event.runs, run),
    ];
    if (run % 2 === 1) order.reverse();
    for (const step of order) await step();
  }
  return figures;
}

const ms = (v: number): string => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) : 'n/a');
const ratioText = (r: number): string => (Number.isFinite(r) ? r.toFixed(2) : 'n/a');

/** The pipeline's rows for the bench table (table.ts): the "peer" column holds the event document's figure. */
export function pipelineRows(f: PipelineFigures): Row[] {
  const out: Row[] = [];
  const add = (measure: string, ours: string, peer: string, ratio: number, target: string, ok: boolean | undefined): void => {
    out.push({
      document: out.length === 0 ? `JSON pipeline 1 MB (${(f.pipeline.bytes / 1e6).toFixed(2)} MB, ${f.pipeline.processors} proc.)` : '',
      measure, ours, peer, ratio: ratioText(ratio), target, verdict: ok === undefined ? '' : ok ? 'met' : 'MISSED', floor: '',
    });
  };
  const p = f.pipeline.runs;
  const e = f.event.runs;
  const m = (list: SessionFigures[], pick: (s: SessionFigures) => number): number => median(list.map(pick));
  const open = m(p, (s) => s.openMs);
  const eventOpen = m(e, (s) => s.openMs);
  add(`open -> diagnostics (peer column: JSON 1 MB event document, ${f.event.events} ev., same runs)`, ms(open), ms(eventOpen), open / eventOpen, '<= 1.0', open / eventOpen <= 1);
  const openCpu = m(p, (s) => s.openCpuMs);
  const eventOpenCpu = m(e, (s) => s.openCpuMs);
  add('open -> diagnostics, server CPU (what the load inflates least)', ms(openCpu), ms(eventOpenCpu), openCpu / eventOpenCpu, '', undefined);
  add('edit -> diagnostics (pipeline: a processor renamed)', ms(m(p, (s) => s.editMs)), ms(m(e, (s) => s.editMs)), m(p, (s) => s.editMs) / m(e, (s) => s.editMs), '', undefined);
  add('edit -> diagnostics, server CPU', ms(m(p, (s) => s.editCpuMs)), ms(m(e, (s) => s.editCpuMs)), m(p, (s) => s.editCpuMs) / m(e, (s) => s.editCpuMs), '', undefined);
  add('diagnostics after open: count / errors and warnings', `${m(p, (s) => s.diagnosticsAfterOpen)} / ${m(p, (s) => s.errorsAfterOpen)}`,
    `${m(e, (s) => s.diagnosticsAfterOpen)} / ${m(e, (s) => s.errorsAfterOpen)}`, NaN, '', undefined);
  const empty = (pick: (s: SessionFigures) => number): number => p.reduce((n, s) => n + pick(s), 0);
  for (const [what, byKind] of [['completion', (s: SessionFigures) => s.completionByDepth], ['hover', (s: SessionFigures) => s.hoverByDepth]] as const) {
    PIPELINE_PROBE_KINDS.forEach((kind, depth) => {
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
