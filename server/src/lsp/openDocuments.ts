// Open documents as the server sees them: which workspace, file name and file type, and the cached parse of the
// current version.
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver';
import type { FileType } from '../document/fileType';
import { maxFileChars, oversizeDiagnostic, readByName } from './sizeLimit';
import { FileTypes } from './fileTypes';
import { outputWritten, yieldToEventLoop } from './guard';
import type { DiagnosticsResult } from '../service/languageService';
import { ParseCache, ParsedVersion } from './parseCache';
import { positionsAt, Positions } from './positions';
import type { Workspace, Workspaces } from './workspaces';

interface OpenDocument {
  doc: TextDocument;
  workspace: Workspace;
  /** The file name settings globs and features see. */
  file: string;
}

/** A document Fieldwise analyses, and as what. */
export interface DocContext extends OpenDocument {
  type: FileType;
  oversize?: undefined;
}

/** A document past fieldwise.maxFileSize: the one diagnostic it gets instead of analysis; nothing else is answered. */
export interface OversizeContext extends OpenDocument {
  oversize: Diagnostic;
}

/** A parsed version with what it takes to answer for it. */
export interface Snapshot extends DocContext {
  entry: ParsedVersion;
  /** True when this call parsed (the version was not cached yet). */
  fresh: boolean;
  at: Positions;
}

/** A long check gives the event loop a turn after this much work (a cancellation or a newer edit gets in). */
const SLICE_MS = 10;

export class OpenDocuments {
  private readonly parses = new ParseCache();
  private readonly types = new FileTypes();

  constructor(private readonly documents: TextDocuments<TextDocument>, private readonly workspaces: () => Workspaces) {}

  /** The document if it is open and of a file type Fieldwise serves; undefined means Fieldwise leaves it alone. */
  context(uri: string): DocContext | OversizeContext | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const workspace = this.workspaces().of(uri);
    const file = workspace.fileOf(uri);
    if (doc.getText().length > maxFileChars(workspace.settings)) {
      if (!readByName(workspace.settings, file, doc.languageId)) return undefined;
      this.close(uri);
      return { doc, workspace, file, oversize: oversizeDiagnostic(workspace.service, doc.getText().length) };
    }
    const type = this.types.typeOf(uri, doc.version, doc.languageId, () => doc.getText(), workspace, file, this.parses.peek(uri));
    return type ? { doc, workspace, file, type } : undefined;
  }

  snapshot(ctx: DocContext): Snapshot {
    const before = this.parses.peek(ctx.doc.uri);
    const entry = this.parses.get(ctx.doc.uri, ctx.doc.version, () => ctx.doc.getText(), ctx.type, ctx.workspace.service);
    return { ...ctx, entry, fresh: entry !== before, at: positionsAt(ctx.doc, entry.version, entry.text) };
  }

  /** The version's findings, checked in slices that leave the server answering; undefined when cancelled on the way. */
  async diagnostics(snap: Snapshot, isCancelled: () => boolean): Promise<DiagnosticsResult | undefined> {
    // Requests that came with the version (its outline, its folds) are answered from the parse first, and their
    // answers written out (the JSON-RPC writer writes a turn after an answer is made), before the check takes the thread.
    await yieldToEventLoop();
    await yieldToEventLoop();
    await outputWritten();
    if (isCancelled()) return undefined;
    return snap.workspace.service.check(snap.entry.parsed, snap.file, { yieldEvery: SLICE_MS, isCancelled });
  }

  close(uri: string): void {
    this.parses.drop(uri);
    this.types.forget(uri);
  }

  all(): TextDocument[] {
    return this.documents.all();
  }
}

/** The trace line of one diagnostics run: how much of the document this version really re-parsed and re-checked. */
export function runSummary(snap: Snapshot, result: DiagnosticsResult): string {
  const parse = snap.fresh ? `parsed ${snap.entry.reparsed} of ${result.total} in ${snap.entry.parseMs.toFixed(1)} ms` : 'parse cached';
  return `diagnostics ${snap.file} v${snap.entry.version}: checked ${result.checked} of ${result.total} ${result.parts} in ${result.ms.toFixed(1)} ms (${parse})`;
}
