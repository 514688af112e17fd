// textDocument/publishDiagnostics for clients that cannot pull: checked after a pause in typing (debounced),
// and abandoned as soon as a newer edit arrives.
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import { yieldToEventLoop } from './guard';
import { OpenDocuments, runSummary } from './openDocuments';
import { toDiagnostic } from './toLsp';
import { withinCeiling } from './diagnosticCeiling';
import { warmUp } from './warmUp';
import type { TraceLog } from './pullDiagnostics';

export const PUSH_DEBOUNCE_MS = 200;

export interface PushHost {
  send(params: PublishDiagnosticsParams): void;
  log(message: string): void;
  trace: TraceLog;
  versioned: boolean;
}

export class PushDiagnostics {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Bumped per schedule, so a running check notices it has been overtaken. */
  private readonly runs = new Map<string, number>();
  private readonly published = new Set<string>();

  constructor(private readonly docs: OpenDocuments, private readonly host: PushHost) {}

  schedule(uri: string, delay = PUSH_DEBOUNCE_MS): void {
    clearTimeout(this.timers.get(uri));
    const run = (this.runs.get(uri) ?? 0) + 1;
    this.runs.set(uri, run);
    this.timers.set(uri, setTimeout(() => {
      this.timers.delete(uri);
      this.run(uri, run).catch((error: unknown) => this.host.log(`fieldwise: diagnostics of ${uri} failed: ${String(error)}`));
    }, delay));
  }

  close(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.runs.delete(uri);
    if (this.published.delete(uri)) this.host.send({ uri, diagnostics: [] });
  }

  private async run(uri: string, run: number): Promise<void> {
    const overtaken = (): boolean => this.runs.get(uri) !== run;
    const ctx = this.docs.context(uri);
    if (!ctx) {
      if (this.published.delete(uri)) this.host.send({ uri, diagnostics: [] });
      return;
    }
    if (ctx.oversize) {
      this.published.add(uri);
      this.host.send(this.host.versioned ? { uri, version: ctx.doc.version, diagnostics: [ctx.oversize] } : { uri, diagnostics: [ctx.oversize] });
      return;
    }
    const snap = this.docs.snapshot(ctx);
    if (snap.fresh) {
      await yieldToEventLoop();
      if (overtaken()) return;
    }
    const result = await this.docs.diagnostics(snap, overtaken);
    if (!result || overtaken()) return;
    this.host.trace(runSummary(snap, result));
    const diagnostics: Diagnostic[] = withinCeiling(result.diagnostics, snap.workspace.settings.diagnostics.maxInformationAndHints).map((d) => toDiagnostic(d, snap.at));
    this.published.add(uri);
    this.host.send(this.host.versioned ? { uri, version: snap.entry.version, diagnostics } : { uri, diagnostics });
    warmUp(ctx.workspace.service, ctx.type.format, ctx.file);
  }
}
