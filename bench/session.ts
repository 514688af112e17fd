// One measured session: a fresh server, one document opened, completion and hover at the probes, one edit,
// and the server's peak memory.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { BenchClient, problemCount } from './lspClient';
import type { BenchDocument, Probe } from './generate';
import type { ServerSetup } from './servers';

export interface SessionFigures {
  startupMs: number;
  openMs: number;
  editMs: number;
  /** The server's CPU time (user + system) from the open to its diagnostics, and for the edit: what the load inflates least. */
  openCpuMs: number;
  editCpuMs: number;
  completionMs: number[];
  /** The same completion times, by the depth of the object the caret is in (0: the top level of an event). */
  completionByDepth: Record<number, number[]>;
  /** Bytes of each completion answer (its JSON), as sent. */
  completionBytes: number[];
  /** completionItem/resolve of items of each list (servers that offer resolve only). */
  resolveMs: number[];
  hoverMs: number[];
  /** The same hover times, by the probe's depth (the pipeline row: its kind of site). */
  hoverByDepth: Record<number, number[]>;
  /** Probes answered with nothing (no items, no hover): a peer that cannot help there. */
  emptyCompletions: number;
  emptyHovers: number;
  memoryMb: number;
  /** Errors and warnings after opening. */
  errorsAfterOpen: number;
  /** Every diagnostic after opening (information and hints included), and their JSON's bytes. */
  diagnosticsAfterOpen: number;
  diagnosticBytes: number;
}

export interface SessionOptions {
  /** Stop probing a kind (completion, hover) after this long, once `minProbes` are done. */
  probeBudgetMs: number;
  minProbes: number;
  /** Measure completion and hover (false for a second setup of the same server that only differs in diagnostics). */
  probes: boolean;
  timeoutMs: number;
  /** Asked after the open's diagnostics (and before any probe); what it answers is the caller's to check. */
  afterOpen?: (client: BenchClient, uri: string) => Promise<void>;
}

/**
 * Every server's probe budget and time-out, the same for all so that their probe counts and percentiles compare:
 * each kind of probe stops after a minute once 100 are done (the fast servers answer every probe well within it).
 */
export const SESSION_LIMITS = { probeBudgetMs: 60000, minProbes: 100, timeoutMs: 180000 } as const satisfies Omit<SessionOptions, 'probes'>;

export async function runSession(setup: ServerSetup, doc: BenchDocument, folder: string, options: SessionOptions): Promise<SessionFigures> {
  const { client, startupMs } = await BenchClient.start(setup, pathToFileURL(folder).href);
  try {
    const uri = pathToFileURL(join(folder, doc.name)).href;
    const cpuBeforeOpen = client.cpuMs();
    const opened = await client.openToDiagnostics(uri, doc.format, doc.text, 1, options.timeoutMs);
    const openCpuMs = client.cpuMs() - cpuBeforeOpen;
    const errorsAfterOpen = problemCount(opened.diagnostics);
    const figures: SessionFigures = {
      startupMs, openMs: opened.ms, editMs: NaN, openCpuMs, editCpuMs: NaN, completionMs: [], completionByDepth: {}, completionBytes: [], resolveMs: [], hoverMs: [], hoverByDepth: {},
      emptyCompletions: 0, emptyHovers: 0, memoryMb: NaN, errorsAfterOpen,
      diagnosticsAfterOpen: opened.diagnostics.length, diagnosticBytes: JSON.stringify(opened.diagnostics).length,
    };
    await options.afterOpen?.(client, uri);
    if (options.probes) {
      const document = client.document(uri);
      const probe = async (method: string, probes: Probe[], times: number[], answered?: (probe: Probe, ms: number, result: unknown) => Promise<void>): Promise<number> => {
        let empty = 0;
        const started = performance.now();
        for (const p of probes) {
          if (times.length >= options.minProbes && performance.now() - started > options.probeBudgetMs) break;
          const { ms, result } = await client.timed<unknown>(method, { textDocument: { uri }, position: document.positionAt(p.offset) });
          times.push(ms);
          if (isEmpty(result)) empty++;
          await answered?.(p, ms, result);
        }
        return empty;
      };
      const resolves = client.resolvesCompletion;
      figures.emptyCompletions = await probe('textDocument/completion', doc.completions, figures.completionMs, async (p, ms, result) => {
        (figures.completionByDepth[p.depth] ??= []).push(ms);
        figures.completionBytes.push(JSON.stringify(result ?? null).length);
        if (!resolves) return;
        // As an editor does while the user moves through the list: the first item, then a few further down.
        const items = itemsOf(result);
        for (const k of [0, 1, 2, Math.floor(items.length / 2), items.length - 1]) {
          if (k < 0 || k >= items.length) continue;
          figures.resolveMs.push((await client.timed<unknown>('completionItem/resolve', items[k])).ms);
        }
      });
      figures.emptyHovers = await probe('textDocument/hover', doc.hovers, figures.hoverMs, async (p, ms) => {
        (figures.hoverByDepth[p.depth] ??= []).push(ms);
      });
    }
    const cpuBeforeEdit = client.cpuMs();
    const edited = await client.editToDiagnostics(uri, doc.edit.start, doc.edit.end, doc.edit.text, errorsAfterOpen + 1, options.timeoutMs);
    figures.editMs = edited.ms;
    figures.editCpuMs = client.cpuMs() - cpuBeforeEdit;
    figures.memoryMb = client.peakMemoryMb();
    return figures;
  } finally {
    await client.stop();
  }
}

function itemsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  const items = (result as { items?: unknown[] } | null)?.items;
  return Array.isArray(items) ? items : [];
}

export function isEmpty(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (Array.isArray(result)) return result.length === 0;
  const items = (result as { items?: unknown[] }).items;
  return Array.isArray(items) && items.length === 0;
}
