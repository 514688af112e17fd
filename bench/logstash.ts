// The bench's Logstash rows (issues 24 and 25): Fieldwise's server opens the generated 1 MB Logstash config
// (generateLogstash.ts) beside the clean 1 MB JSON event document, alternating within the same run so that both see
// the same load. Measured: open -> outline (parse, syntax problems and outline, the first request after the open;
// target at most 0.5 times the event document's open -> diagnostics), open -> diagnostics (every finding), an edit
// (a `=>` deleted: one more syntax error; under 50 ms), formatting the whole file with every line to re-indent (the
// config with its indentation stripped; under 200 ms), completion inside a field reference's second segment and hover
// on a field reference (p95 under 10 ms each, asked after the open's diagnostics as the other rows do), and peak memory.
// `npm run bench -- --only logstash` runs it alone.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Catalog } from '../server/src/catalog/types';
import { benchDocument, BenchDocument, type Probe } from './generate';
import { logstashConfig, LogstashBenchConfig } from './generateLogstash';
import { BenchClient, problemCount } from './lspClient';
import { describeFlags, fieldwise, ServerSetup } from './servers';
import { isEmpty, runSession, SESSION_LIMITS, SessionFigures } from './session';
import { median, percentile } from './stats';
import type { Row } from './table';
import { ms, ratioOf, showRatio } from './table';

const BYTES = 1_000_000;

export interface LogstashFigures {
  outlineMs: number;
  openMs: number;
  editMs: number;
  formatMs: number;
  /** Edits the formatting answered (one per re-indented line, about). */
  formatEdits: number;
  diagnosticsAfterOpen: number;
  errorsAfterOpen: number;
  symbols: number;
  memoryMb: number;
  completionMs: number[];
  hoverMs: number[];
  /** Probes answered with nothing (no items, no hover). */
  emptyCompletions: number;
  emptyHovers: number;
}

/** Probes per kind (completion, hover) and session. */
const PROBES = 100;

/**
 * Where the session asks completion and hover: field references `[a][b]` spread evenly over the file; completion with
 * the caret just inside the second segment (`[source][|ip]`), hover inside the first.
 */
export function logstashProbes(text: string): { completions: Probe[]; hovers: Probe[] } {
  const found: Array<{ start: number; second: number; what: string }> = [];
  for (const m of text.matchAll(/\[([a-z_]+)\]\[([a-z_]+)\]/g)) found.push({ start: m.index, second: m.index + m[1].length + 3, what: m[0] });
  const every = Math.max(1, Math.floor(found.length / PROBES));
  const picked = found.filter((_, i) => i % every === 0).slice(0, PROBES);
  return {
    completions: picked.map((f) => ({ offset: f.second, what: `completion in ${f.what}`, depth: 1 })),
    hovers: picked.map((f) => ({ offset: f.start + 1, what: `hover on ${f.what}`, depth: 0 })),
  };
}

/** The bench's config (seed 24), with one syntax error from the start: the session opens to a problem, as every row's does. */
export function benchLogstashConfig(): LogstashBenchConfig {
  const config = logstashConfig(BYTES, 24);
  const port = config.text.indexOf('port => 5044');
  const arrow = port + 'port '.length;
  // The first beats input's `port => 5044` loses its `=>` (before the edit's place: the edit's offsets hold).
  return { ...config, text: `${config.text.slice(0, arrow)}${config.text.slice(arrow + 2)}`, edit: { ...config.edit, start: config.edit.start - 2, end: config.edit.end - 2 } };
}

/** The config with every line's indentation stripped: formatting then re-indents every line. */
function dedented(text: string): string {
  return text.replace(/^[ \t]+/gm, '');
}

async function logstashSession(setup: ServerSetup, config: LogstashBenchConfig, folder: string): Promise<LogstashFigures> {
  const { client } = await BenchClient.start(setup, pathToFileURL(folder).href);
  try {
    const uri = pathToFileURL(join(folder, config.name)).href;
    const started = performance.now();
    // didOpen goes out first, then the outline request, then the diagnostics pull: the server answers in that order.
    const opening = client.openToDiagnostics(uri, 'logstash', config.text, 1, SESSION_LIMITS.timeoutMs);
    const outline = client.timed<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const outlineAnswered = await outline;
    const outlineMs = performance.now() - started;
    const opened = await opening;
    const errorsAfterOpen = problemCount(opened.diagnostics);
    const probes = logstashProbes(config.text);
    const document = client.document(uri);
    const probe = async (method: string, list: readonly Probe[], times: number[]): Promise<number> => {
      let empty = 0;
      for (const p of list) {
        const { ms, result } = await client.timed<unknown>(method, { textDocument: { uri }, position: document.positionAt(p.offset) });
        times.push(ms);
        if (isEmpty(result)) empty++;
      }
      return empty;
    };
    const completionMs: number[] = [];
    const hoverMs: number[] = [];
    const emptyCompletions = await probe('textDocument/completion', probes.completions, completionMs);
    const emptyHovers = await probe('textDocument/hover', probes.hovers, hoverMs);
    const edited = await client.editToDiagnostics(uri, config.edit.start, config.edit.end, config.edit.text, errorsAfterOpen + 1, SESSION_LIMITS.timeoutMs);
    const flat = pathToFileURL(join(folder, `dedented-${config.name}`)).href;
    await client.openToDiagnostics(flat, 'logstash', dedented(config.text), 1, SESSION_LIMITS.timeoutMs);
    const formatted = await client.timed<unknown[]>('textDocument/formatting', { textDocument: { uri: flat }, options: { tabSize: 2, insertSpaces: true } });
    return {
      outlineMs, openMs: opened.ms, editMs: edited.ms, formatMs: formatted.ms, formatEdits: formatted.result?.length ?? 0,
      diagnosticsAfterOpen: opened.diagnostics.length, errorsAfterOpen, symbols: countSymbols(outlineAnswered.result), memoryMb: client.peakMemoryMb(),
      completionMs, hoverMs, emptyCompletions, emptyHovers,
    };
  } finally {
    await client.stop();
  }
}

function countSymbols(symbols: unknown[] | null): number {
  let n = 0;
  const walk = (list: unknown[] | null | undefined): void => {
    for (const s of list ?? []) {
      n++;
      walk((s as { children?: unknown[] }).children);
    }
  };
  walk(symbols);
  return n;
}

/** The Logstash rows for the bench table: the "peer" column holds the event document's figure. */
export async function benchLogstash(runs: number, catalog: Catalog, folder: string): Promise<Row[]> {
  const config = benchLogstashConfig();
  const event: BenchDocument = benchDocument('json', '1mb', BYTES, 99, BYTES, 'clean', catalog);
  folder = join(folder, 'row-logstash');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, config.name), config.text);
  writeFileSync(join(folder, event.name), event.text);
  process.stderr.write(`${config.name}: ${(config.text.length / 1e6).toFixed(2)} MB, ${config.filters} filters, ${config.conditionals} conditionals\n`);
  const setup = fieldwise();
  const ours: LogstashFigures[] = [];
  const events: SessionFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const order: Array<() => Promise<void>> = [
      async () => {
        const f = await logstashSession(setup, config, folder);
        ours.push(f);
        process.stderr.write(`  fieldwise ${config.name.padEnd(24)} run ${run + 1}: outline ${f.outlineMs.toFixed(0)} ms (${f.symbols} symbols), ` +
          `diagnostics ${f.openMs.toFixed(0)} ms (${f.diagnosticsAfterOpen}), completion p95 ${percentile(f.completionMs, 95).toFixed(1)} ms, hover p95 ${percentile(f.hoverMs, 95).toFixed(1)} ms, edit ${f.editMs.toFixed(0)} ms, format ${f.formatMs.toFixed(0)} ms (${f.formatEdits} edits), ${f.memoryMb.toFixed(0)} MB\n`);
      },
      async () => {
        const f = await runSession(setup, event, folder, { ...SESSION_LIMITS, probes: false });
        events.push(f);
        process.stderr.write(`  fieldwise ${event.name.padEnd(24)} run ${run + 1}: open ${f.openMs.toFixed(0)} ms\n`);
      },
    ];
    if (run % 2 === 1) order.reverse();
    for (const step of order) await step();
  }
  const m = (pick: (f: LogstashFigures) => number): number => median(ours.map(pick));
  const eventOpen = median(events.map((f) => f.openMs));
  const rows: Row[] = [];
  const add = (measure: string, value: number, peer: number, target: string, ok: boolean): void => {
    const document = rows.length === 0
      ? `Logstash 1 MB (${(config.text.length / 1e6).toFixed(2)} MB, ${config.filters} filters, ${config.conditionals} conditionals)`
      : rows.length === 1 ? `node flags: ${describeFlags(setup.nodeFlags)} (both)` : '';
    const ratio = ratioOf(value, peer);
    rows.push({ document, measure, ours: ms(value), peer: Number.isFinite(peer) ? ms(peer) : '', ratio: Number.isFinite(peer) ? showRatio(ratio) : '', target, verdict: ok ? 'met' : 'MISSED', floor: '' });
  };
  const outline = m((f) => f.outlineMs);
  const open = m((f) => f.openMs);
  add('open -> outline and syntax problems (peer column: JSON 1 MB event document, open -> diagnostics, same runs)', outline, eventOpen, '<= 0.5', ratioOf(outline, eventOpen) <= 0.5);
  add('open -> diagnostics', open, eventOpen, '<= 1.0', ratioOf(open, eventOpen) <= 1);
  add('edit -> diagnostics (a => deleted: one more syntax error)', m((f) => f.editMs), NaN, '< 50 ms', m((f) => f.editMs) < 50);
  add(`formatting the whole file, every line re-indented (${m((f) => f.formatEdits)} edits)`, m((f) => f.formatMs), NaN, '< 200 ms', m((f) => f.formatMs) < 200);
  const completions = ours.flatMap((f) => f.completionMs);
  const hovers = ours.flatMap((f) => f.hoverMs);
  const c95 = percentile(completions, 95);
  const h95 = percentile(hovers, 95);
  const emptyC = ours.reduce((n, f) => n + f.emptyCompletions, 0);
  const emptyH = ours.reduce((n, f) => n + f.emptyHovers, 0);
  add(`completion p95, inside [a][ (n=${completions.length}, ${emptyC} empty)`, c95, NaN, '< 10 ms', c95 < 10);
  add(`hover p95, on [a][b] (n=${hovers.length}, ${emptyH} empty)`, h95, NaN, '< 10 ms', h95 < 10);
  rows.push({ document: '', measure: 'diagnostics after open: count / errors and warnings', ours: `${m((f) => f.diagnosticsAfterOpen)} / ${m((f) => f.errorsAfterOpen)}`, peer: '', ratio: '', target: '', verdict: '', floor: '' });
  rows.push({ document: '', measure: 'peak memory (VmHWM)', ours: `${m((f) => f.memoryMb).toFixed(0)} MB`, peer: `${median(events.map((f) => f.memoryMb)).toFixed(0)} MB`, ratio: '', target: '', verdict: '', floor: '' });
  return rows;
}
