// One measured session: a fresh server, one document opened, completion and hover at the probes, one edit,
// and the server's peak memory.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { BenchClient, problemCount } from './lspClient';
import type { BenchDocument } from './generate';
import type { ServerSetup } from './servers';

export interface SessionFigures {
  startupMs: number;
  openMs: number;
  editMs: number;
  completionMs: number[];
  hoverMs: number[];
  /** Probes answered with nothing (no items, no hover): a peer that cannot help there. */
  emptyCompletions: number;
  emptyHovers: number;
  memoryMb: number;
  /** Errors and warnings after opening. */
  errorsAfterOpen: number;
}

export interface SessionOptions {
  /** Stop probing a kind (completion, hover) after this long, once `minProbes` are done. */
  probeBudgetMs: number;
  minProbes: number;
  /** Measure completion and hover (false for a second setup of the same server that only differs in diagnostics). */
  probes: boolean;
  timeoutMs: number;
}


export async function runSession(setup: ServerSetup, doc: BenchDocument, folder: string, options: SessionOptions): Promise<SessionFigures> {
  const { client, startupMs } = await BenchClient.start(setup, pathToFileURL(folder).href);
  try {
    const uri = pathToFileURL(join(folder, doc.name)).href;
    const opened = await client.openToDiagnostics(uri, doc.format, doc.text, 1, options.timeoutMs);
    const errorsAfterOpen = problemCount(opened.diagnostics);
    const figures: SessionFigures = {
      startupMs, openMs: opened.ms, editMs: NaN, completionMs: [], hoverMs: [], emptyCompletions: 0, emptyHovers: 0, memoryMb: NaN, errorsAfterOpen,
    };
    if (options.probes) {
      const document = client.document(uri);
      const probe = async (method: string, offsets: number[], times: number[]): Promise<number> => {
        let empty = 0;
        const started = performance.now();
        for (const offset of offsets) {
          if (times.length >= options.minProbes && performance.now() - started > options.probeBudgetMs) break;
          const { ms, result } = await client.timed<unknown>(method, { textDocument: { uri }, position: document.positionAt(offset) });
          times.push(ms);
          if (isEmpty(result)) empty++;
        }
        return empty;
      };
      figures.emptyCompletions = await probe('textDocument/completion', doc.completions.map((p) => p.offset), figures.completionMs);
      figures.emptyHovers = await probe('textDocument/hover', doc.hovers.map((p) => p.offset), figures.hoverMs);
    }
    const edited = await client.editToDiagnostics(uri, doc.edit.start, doc.edit.end, doc.edit.text, errorsAfterOpen + 1, options.timeoutMs);
    figures.editMs = edited.ms;
    figures.memoryMb = client.peakMemoryMb();
    return figures;
  } finally {
    await client.stop();
  }
}

function isEmpty(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (Array.isArray(result)) return result.length === 0;
  const items = (result as { items?: unknown[] }).items;
  return Array.isArray(items) && items.length === 0;
}
