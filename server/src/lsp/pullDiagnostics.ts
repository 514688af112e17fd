// textDocument/diagnostic (LSP 3.17): each answer carries a resultId; a client asking again with that id gets
// `unchanged` (no work at all when neither the version nor the settings moved, no payload when the result is equal).
import type { CancellationToken, Diagnostic, DocumentDiagnosticParams, DocumentDiagnosticReport, Range } from 'vscode-languageserver';
import { Cancelled, throwIfCancelled, yieldToEventLoop } from './guard';
import { OpenDocuments, runSummary } from './openDocuments';
import { toDiagnostic } from './toLsp';
import { withinCeiling } from './diagnosticCeiling';

interface Answered {
  resultId: string;
  version: number;
  generation: number;
  /** The items as sent, to tell an equal result from a new one. */
  items: Diagnostic[];
}

export type TraceLog = (message: string) => void;

export class PullDiagnostics {
  private readonly answered = new Map<string, Answered>();
  private counter = 0;

  constructor(private readonly docs: OpenDocuments, private readonly trace: TraceLog) {}

  async handle(params: DocumentDiagnosticParams, token: CancellationToken): Promise<DocumentDiagnosticReport> {
    const uri = params.textDocument.uri;
    const ctx = this.docs.context(uri);
    if (!ctx) return this.report(uri, -1, -1, [], params.previousResultId);
    const last = this.answered.get(uri);
    const generation = ctx.workspace.generation;
    if (ctx.oversize) return this.report(uri, ctx.doc.version, generation, [ctx.oversize], params.previousResultId);
    if (last && last.version === ctx.doc.version && last.generation === generation && params.previousResultId === last.resultId) {
      return { kind: 'unchanged', resultId: last.resultId };
    }
    const snap = this.docs.snapshot(ctx);
    if (snap.fresh) {
      // Parsing a large version takes a while: let a cancellation that arrived meanwhile be seen.
      await yieldToEventLoop();
      throwIfCancelled(token);
    }
    const result = await this.docs.diagnostics(snap, () => token.isCancellationRequested);
    if (!result) throw new Cancelled();
    this.trace(runSummary(snap, result));
    const items = withinCeiling(result.diagnostics, snap.workspace.settings.diagnostics.maxInformationAndHints).map((d) => toDiagnostic(d, snap.at));
    return this.report(uri, snap.entry.version, generation, items, params.previousResultId);
  }

  forget(uri: string): void {
    this.answered.delete(uri);
  }

  private report(uri: string, version: number, generation: number, items: Diagnostic[], previous: string | undefined): DocumentDiagnosticReport {
    const last = this.answered.get(uri);
    if (last && sameDiagnostics(last.items, items)) {
      this.answered.set(uri, { ...last, version, generation });
      if (previous === last.resultId) return { kind: 'unchanged', resultId: last.resultId };
      return { kind: 'full', resultId: last.resultId, items };
    }
    const resultId = `${++this.counter}`;
    this.answered.set(uri, { resultId, version, generation, items });
    return { kind: 'full', resultId, items };
  }
}

/** Field by field (a serialisation of thousands of diagnostics would cost more than the check itself); no `data` is sent. */
function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.code !== y.code || x.severity !== y.severity || x.message !== y.message || !sameRange(x.range, y.range)) return false;
    if ((x.tags?.join() ?? '') !== (y.tags?.join() ?? '')) return false;
  }
  return true;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
