// Open documents as the server sees them: which workspace, file name and event format, the cached parse of the
// current version, and the per-event diagnostics cache.
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver';
import { fileType, FileType } from '../document/fileType';
import { maxFileChars, oversizeDiagnostic, oversizeEventFile } from './sizeLimit';
import { CheckedEvents, checkVersion, DiagnosticsResult } from './diagnosticRun';
import { EventSelection } from './eventSelection';
import type { ParallelChecker } from './parallelCheck';
import { ParseCache, ParsedVersion } from './parseCache';
import { positionsAt, Positions } from './positions';
import type { Workspace, Workspaces } from './workspaces';

export interface DocContext {
  doc: TextDocument;
  workspace: Workspace;
  /** The file name settings globs and features see. */
  file: string;
  type: FileType;
  /** Past fieldwise.maxFileSize: the one diagnostic it gets instead of analysis; nothing else is answered. */
  oversize?: Diagnostic;
}

/** A parsed version with what it takes to answer for it. */
export interface Snapshot extends DocContext {
  entry: ParsedVersion;
  /** True when this call parsed (the version was not cached yet). */
  fresh: boolean;
  at: Positions;
}

export class OpenDocuments {
  private readonly parses = new ParseCache();
  private readonly checked = new Map<string, CheckedEvents>();
  private readonly selection = new EventSelection();
  /** Worker threads that share large first checks (`--check-workers=N`); none by default. */
  parallel: ParallelChecker | undefined;

  constructor(private readonly documents: TextDocuments<TextDocument>, private readonly workspaces: () => Workspaces) {}

  /** The document if it is open and of a file type Fieldwise serves; undefined means Fieldwise leaves it alone. */
  context(uri: string): DocContext | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const workspace = this.workspaces().of(uri);
    const file = workspace.fileOf(uri);
    if (doc.getText().length > maxFileChars(workspace.settings)) {
      if (!oversizeEventFile(workspace.settings, file, doc.languageId)) return undefined;
      this.close(uri);
      return { doc, workspace, file, type: fileType('events', 'json'), oversize: oversizeDiagnostic(workspace.service, doc.getText().length) };
    }
    const type = this.selection.typeOf(uri, doc.version, doc.languageId, () => doc.getText(), workspace, file, this.parses.peek(uri));
    return type ? { doc, workspace, file, type } : undefined;
  }

  snapshot(ctx: DocContext): Snapshot {
    const before = this.parses.peek(ctx.doc.uri);
    const entry = this.parses.get(ctx.doc.uri, ctx.doc.version, () => ctx.doc.getText(), ctx.type, ctx.workspace.service);
    return { ...ctx, entry, fresh: entry !== before, at: positionsAt(ctx.doc, entry.version, entry.text) };
  }

  diagnostics(snap: Snapshot, isCancelled: () => boolean): Promise<DiagnosticsResult | undefined> {
    const uri = snap.doc.uri;
    let checked = this.checked.get(uri);
    if (!checked) {
      checked = new CheckedEvents();
      this.checked.set(uri, checked);
    }
    const ws = snap.workspace;
    const parallel = this.parallel && { checker: this.parallel, settings: ws.settings };
    return checkVersion(snap.entry, ws.service, snap.file, checked.forGeneration(ws.generation), isCancelled, parallel);
  }

  close(uri: string): void {
    this.parses.drop(uri);
    this.checked.delete(uri);
    this.selection.forget(uri);
  }

  all(): TextDocument[] {
    return this.documents.all();
  }
}

/** The trace line of one diagnostics run: how much of the document this version really re-parsed and re-checked. */
export function runSummary(snap: Snapshot, result: DiagnosticsResult): string {
  const parse = snap.fresh ? `parsed ${snap.entry.reparsed} of ${result.total} in ${snap.entry.parseMs.toFixed(1)} ms` : 'parse cached';
  const shared = result.shared ? `, ${result.shared} by worker threads` : '';
  return `diagnostics ${snap.file} v${snap.entry.version}: checked ${result.checked} of ${result.total} events${shared} in ${result.ms.toFixed(1)} ms (${parse})`;
}
