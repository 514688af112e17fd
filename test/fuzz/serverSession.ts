// A person typing into the real server (dist/server.js over stdio) for a long time: ranged didChange edits from the
// mutation generator, each followed by diagnostics and some of completion, hover, code actions, inlay hints, the
// outline, folding ranges and formatting at random places. Every few edits the same text, opened fresh under another
// name, must get exactly the same diagnostics; a diagnostics request of that comparison that is cancelled or answered
// ContentModified is asked again on the settled document (no edit comes meanwhile), and the retries are counted.
// Counts what went wrong instead of stopping at the first problem, so long runs report figures.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentFormattingRequest, DocumentRangeFormattingRequest, DocumentSymbolRequest, FoldingRangeRequest, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { fileUri, LspSession, messageText, startServer } from '../fixtures/lsp/harness';
import type { FileKind } from './inputs';
import { random } from './inputs';
import { applyEdit, Edit, editFor, mutationsFor } from './mutations';

export interface SessionPlan {
  /** Seeds the edits and the requests: the same plan replays the same session. */
  seed: number;
  kind: FileKind;
  /** The text the session starts from. */
  text: string;
  edits: number;
  /** Same-text-opened-fresh check every this many edits. */
  compareEvery?: number;
  /** Node flags of the server process. */
  nodeArgs?: string[];
  /** Reads the server's resident memory after these edit numbers. */
  memoryAt?: readonly number[];
  /** Per-request answer limit before it counts as a hang. */
  answerMs?: number;
  /** Called after each edit (progress of long runs). */
  progress?: (done: number, figures: SessionFigures) => void;
}

export interface SessionFigures {
  edits: number;
  requests: number;
  /** Error responses other than RequestCancelled and ContentModified, and features the server logged as failed. */
  errors: string[];
  /** Requests without an answer within answerMs. */
  hangs: string[];
  /** Fresh-open diagnostics that differ from the edited document's. */
  mismatches: string[];
  /** Edited-versus-fresh comparisons made: one every compareEvery edits, none skipped. */
  comparisons: number;
  /** Diagnostics requests of those comparisons asked again after RequestCancelled or ContentModified. */
  retries: number;
  /** The server exited during the session. */
  crashed: string | undefined;
  /** Resident memory (MB) after the edits named in memoryAt. */
  memoryMb: Map<number, number>;
  /** The server's peak resident memory (VmHWM), MB. */
  peakMb: number;
}

const tolerated = new Set<number>([LSPErrorCodes.RequestCancelled, LSPErrorCodes.ContentModified]);

/** A comparison's request answered RequestCancelled or ContentModified this often on a settled document is an error. */
const MAX_RETRIES = 5;

export function processMemoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The folder the session's documents are named in: the server reads them from the protocol, never from disk. */
export function sessionFolder(): string {
  return mkdtempSync(join(tmpdir(), 'fieldwise-fuzz-'));
}

function comparable(list: readonly Diagnostic[]): string[] {
  return list.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity} ${String(d.code)} ${messageText(d)}`);
}

export async function runSession(plan: SessionPlan): Promise<SessionFigures> {
  const folder = sessionFolder();
  const server = await startServer({ workspace: folder, nodeArgs: plan.nodeArgs, settings: { files: { events: ['events/**'] } } });
  let figures: SessionFigures;
  try {
    figures = await drive(server, folder, plan);
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
  // A failure the server logged while it shut down is the session's too: counted, not thrown, so the figures stay.
  await server.stop().catch((error: unknown) => figures.errors.push(`when the server stopped: ${error instanceof Error ? error.message : String(error)}`));
  return figures;
}

/** Runs `plan` on a started server; the caller stops it. */
export async function drive(server: LspSession, folder: string, plan: SessionPlan): Promise<SessionFigures> {
  const figures: SessionFigures = { edits: 0, requests: 0, errors: [], hangs: [], mismatches: [], comparisons: 0, retries: 0, crashed: undefined, memoryMb: new Map(), peakMb: 0 };
  const rng = random(plan.seed ^ 0x5bd1e995);
  const answerMs = plan.answerMs ?? 30_000;
  const compareEvery = plan.compareEvery ?? 5;
  const ext = plan.kind.extension;
  const uri = fileUri(join(folder, `${plan.kind.folder}/session.${ext}`));
  let exited = false;
  let finished = false;
  void server.exited.then((code) => {
    exited = true;
    if (!finished) figures.crashed ??= `the server exited (code ${code}); stderr: ${server.stderr.slice(-1000)}`;
  });
  let text = plan.text;
  let lastEdit: Edit | undefined;
  server.open(uri, plan.kind.languageId, text);
  // Mutations come in chunks: a 100,000-edit run never holds all of them.
  let chunk: ReturnType<typeof mutationsFor> = [];
  const where = (edit: number, what: string): string => `seed ${plan.seed}, ${plan.kind.label}, edit ${edit}: ${what}`;

  /** The answer, or undefined: for an error or a hang (counted), or for RequestCancelled or ContentModified (the code). */
  async function ask<T>(edit: number, what: string, request: Promise<T>): Promise<T | undefined> {
    return (await attempt(edit, what, request)).answer;
  }

  /** `send`'s answer, asked again while it is RequestCancelled or ContentModified (the document is settled: no edit comes). */
  async function askSettled<T>(edit: number, what: string, send: () => Promise<T>): Promise<T | undefined> {
    for (let retries = 0; ; retries++) {
      const outcome = await attempt(edit, what, send());
      if (outcome.tolerated === undefined) return outcome.answer;
      if (retries === MAX_RETRIES) {
        figures.errors.push(where(edit, `${what}: error ${outcome.tolerated} on a settled document, ${MAX_RETRIES} retries in a row`));
        return undefined;
      }
      figures.retries++;
    }
  }

  async function attempt<T>(edit: number, what: string, request: Promise<T>): Promise<{ answer?: T; tolerated?: number }> {
    figures.requests++;
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hang'>((resolve) => { timer = setTimeout(() => resolve('hang'), answerMs); });
    const t0 = performance.now();
    try {
      const answer = await Promise.race([request, hang]);
      if (process.env.FUZZ_SLOW && performance.now() - t0 > Number(process.env.FUZZ_SLOW)) process.stderr.write(`slow ${(performance.now() - t0).toFixed(0)} ms: ${where(edit, what)} (${text.length} chars) last edit ${JSON.stringify(lastEdit).slice(0, 200)}\n`);
      if (answer === 'hang') {
        figures.hangs.push(where(edit, `${what} not answered within ${answerMs} ms`));
        return {};
      }
      return { answer };
    } catch (error) {
      if (error instanceof ResponseError && tolerated.has(error.code)) return { tolerated: error.code };
      if (!exited) figures.errors.push(where(edit, `${what}: ${error instanceof Error ? error.message : String(error)}`));
      return {};
    } finally {
      clearTimeout(timer);
    }
  }

  const randomOffset = (): number => Math.floor(rng() * (text.length + 1));

  for (let n = 1; n <= plan.edits && !exited; n++) {
    if (chunk.length === 0) chunk = mutationsFor(plan.seed * 1_000_003 + n, Math.min(500, plan.edits - n + 1));
    let edit: Edit = editFor(text, chunk.shift()!);
    // Keep the document a document: back to the start when typing has grown it past bounds or emptied it.
    if (text.length > Math.max(4 * plan.text.length, 200_000) || text.length < 20) edit = { start: 0, end: text.length, text: plan.text };
    lastEdit = edit;
    server.edit(uri, edit.start, edit.end, edit.text);
    text = applyEdit(text, edit);
    figures.edits = n;
    // Sometimes a request races the next edit, as when typing fast: its answer may be ContentModified or cancelled.
    const racing = rng() < 0.2 ? ask(n, `hover at ${text.length >> 1} (racing an edit)`, server.hover(uri, Math.min(text.length, randomOffset()))) : undefined;
    await ask(n, 'diagnostics', server.diagnostics(uri));
    const at = randomOffset();
    const roll = rng();
    if (roll < 0.35) await ask(n, `completion at ${at}`, server.completion(uri, at));
    else if (roll < 0.6) await ask(n, `hover at ${at}`, server.hover(uri, at));
    else if (roll < 0.75) await ask(n, `code actions at ${at}`, server.codeActions(uri, Math.max(0, at - 50), Math.min(text.length, at + 50)));
    else if (roll < 0.85) await ask(n, `inlay hints around ${at}`, server.inlayHints(uri, Math.max(0, at - 500), Math.min(text.length, at + 500)));
    else if (roll < 0.89) await ask(n, 'outline', server.request(DocumentSymbolRequest.method, { textDocument: { uri } }));
    else if (roll < 0.93) await ask(n, 'folding ranges', server.request(FoldingRangeRequest.method, { textDocument: { uri } }));
    else if (roll < 0.96) await ask(n, 'formatting', server.request(DocumentFormattingRequest.method, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }));
    else {
      const range = { start: server.position(uri, Math.max(0, at - 200)), end: server.position(uri, at) };
      await ask(n, `range formatting before ${at}`, server.request(DocumentRangeFormattingRequest.method, { textDocument: { uri }, range, options: { tabSize: 4, insertSpaces: false } }));
    }
    if (racing) await racing;
    if (n % compareEvery === 0) await compareFresh(n);
    if (plan.memoryAt?.includes(n)) figures.memoryMb.set(n, processMemoryMb(server.child.pid!, 'VmRSS'));
    // Failures logged outside a request (a request's own are in its error already): the harness hands each over once.
    for (const line of server.takeFailures()) figures.errors.push(`logged ${where(n, line.slice(0, 2000))}`);
    plan.progress?.(n, figures);
  }
  figures.peakMb = processMemoryMb(server.child.pid!, 'VmHWM');
  finished = true;
  server.close(uri);
  return figures;

  async function compareFresh(n: number): Promise<void> {
    const edited = await askSettled(n, 'diagnostics before the fresh-open check', () => server.diagnostics(uri));
    const fresh = fileUri(join(folder, `${plan.kind.folder}/fresh-${n}.${ext}`));
    server.open(fresh, plan.kind.languageId, text);
    const opened = await askSettled(n, 'diagnostics of the same text opened fresh', () => server.diagnostics(fresh));
    server.close(fresh);
    // Without both answers the comparison cannot be made: the reason (an error or a hang) is counted already.
    if (!edited || !opened) return;
    figures.comparisons++;
    const a = comparable(edited);
    const b = comparable(opened);
    if (a.join('\n') !== b.join('\n')) {
      const onlyEdited = a.filter((d) => !b.includes(d));
      const onlyFresh = b.filter((d) => !a.includes(d));
      figures.mismatches.push(where(n, `edited and fresh diagnostics differ; only edited: ${JSON.stringify(onlyEdited.slice(0, 5))}; only fresh: ${JSON.stringify(onlyFresh.slice(0, 5))}; text: ${JSON.stringify(text.length > 3000 ? `${text.slice(0, 3000)}...` : text)}`));
    }
  }
}
