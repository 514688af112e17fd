// Fieldwise's plain results (document offsets) as LSP objects; positions go through `Positions` only.
import {
  CodeLens, CreateFile, Location, OptionalVersionedTextDocumentIdentifier, SymbolInformation as WorkspaceSymbolInfo, TextDocumentEdit,
  CodeAction, CodeActionKind, Diagnostic, DiagnosticSeverity, DiagnosticTag, DocumentSymbol, FoldingRange, FoldingRangeKind, Hover, InlayHint,
  MarkupKind, SymbolInformation, SymbolKind, TextEdit as LspTextEdit, WorkspaceEdit,
} from 'vscode-languageserver';
import type { FieldLens, FileEdits, FileRange, WorkspaceRename, WorkspaceSymbolEntry } from '../features/types';
import { positionIndex } from '../service/positions';
import { schemaPageUri, SHOW_REFERENCES_COMMAND } from './protocol';
import type { FoldingSpan, FwDiagnostic, HoverResult, InlayHintEntry, OutlineSymbol, QuickFix, Severity, SymbolKindName, TextEdit } from '../features/types';
import type { ClientFeatures } from './clientFeatures';
import type { Positions } from './positions';

export const SOURCE = 'fieldwise';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** A diagnostic the client sent back (code action context) as Fieldwise's own; undefined for other sources. */
export function fromDiagnostic(d: Diagnostic, at: Positions): FwDiagnostic | undefined {
  if (d.source !== SOURCE || d.code === undefined) return undefined;
  const severity = (Object.keys(severities) as Severity[]).find((s) => severities[s] === d.severity) ?? 'error';
  const out: FwDiagnostic = { code: String(d.code), severity, message: typeof d.message === 'string' ? d.message : d.message.value, ...at.span(d.range) };
  if (d.data !== undefined) out.data = d.data;
  return out;
}

/** A finding as sent; without its `data`: quick fixes are computed from the current text, never from the client's copy. */
export function toDiagnostic(d: FwDiagnostic, at: Positions): Diagnostic {
  const diagnostic: Diagnostic = {
    range: at.range(d),
    severity: severities[d.severity],
    code: d.code,
    source: SOURCE,
    message: d.message,
  };
  if (d.tags?.length) {
    diagnostic.tags = d.tags.map((t) => (t === 'deprecated' ? DiagnosticTag.Deprecated : DiagnosticTag.Unnecessary));
  }
  return diagnostic;
}

export function toHover(result: HoverResult, at: Positions, client: ClientFeatures): Hover {
  return {
    contents: { kind: client.hoverMarkdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: result.markdown },
    range: at.range(result),
  };
}

export function toInlayHint(hint: InlayHintEntry, at: Positions): InlayHint {
  const out: InlayHint = { position: at.position(hint.offset), label: hint.label, paddingLeft: true };
  if (hint.tooltip) out.tooltip = hint.tooltip;
  return out;
}

export function toTextEdit(edit: TextEdit, at: Positions): LspTextEdit {
  return { range: at.range(edit), newText: edit.newText };
}

/** What a deferred fix-all carries to codeAction/resolve. */
export interface FixAllData {
  uri: string;
  code: string;
}

export function toWorkspaceEdit(fixEdits: readonly TextEdit[], uri: string, version: number, at: Positions, client: ClientFeatures): WorkspaceEdit {
  const edits = fixEdits.map((e) => toTextEdit(e, at));
  return client.documentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits }] } : { changes: { [uri]: edits } };
}

/** Where another file of the workspace is: its URI, and its version when the editor has it open (null: the disk's). */
export type FileTarget = (file: string) => { uri: string; version: number | null };

export function toCodeAction(fix: QuickFix, uri: string, version: number, at: Positions, client: ClientFeatures, others?: FileTarget): CodeAction | undefined {
  const action: CodeAction = {
    title: fix.title,
    kind: fix.kind === 'source.fixAll' ? CodeActionKind.SourceFixAll : CodeActionKind.QuickFix,
  };
  if (fix.deferred) action.data = { uri, code: fix.code } satisfies FixAllData;
  else if (fix.elsewhere && fix.elsewhere.length > 0) {
    if (!others) return undefined;
    const edit = elsewhereEdit(fix.elsewhere, others, client);
    if (!edit) return undefined;
    action.edit = edit;
  } else action.edit = toWorkspaceEdit(fix.edits, uri, version, at, client);
  if (fix.diagnostic) action.diagnostics = [toDiagnostic(fix.diagnostic, at)];
  if (fix.isPreferred) action.isPreferred = true;
  return action;
}

const symbolKinds: Record<SymbolKindName, SymbolKind> = {
  namespace: SymbolKind.Namespace,
  module: SymbolKind.Module,
  object: SymbolKind.Object,
  field: SymbolKind.Field,
  function: SymbolKind.Function,
  property: SymbolKind.Property,
  array: SymbolKind.Array,
  key: SymbolKind.Key,
  event: SymbolKind.Event,
  struct: SymbolKind.Struct,
  operator: SymbolKind.Operator,
};

/** An outline as the client takes it: a tree, or (a client without hierarchical symbols) a flat list naming each parent. */
export function toDocumentSymbols(symbols: readonly OutlineSymbol[], uri: string, at: Positions, client: ClientFeatures): DocumentSymbol[] | SymbolInformation[] {
  if (client.hierarchicalSymbols) return symbols.map((s) => toDocumentSymbol(s, at));
  const flat: SymbolInformation[] = [];
  const walk = (list: readonly OutlineSymbol[], container: string | undefined): void => {
    for (const s of list) {
      flat.push({ name: s.name, kind: symbolKinds[s.kind], location: { uri, range: at.range(s) }, ...(container === undefined ? {} : { containerName: container }) });
      walk(s.children, s.name);
    }
  };
  walk(symbols, undefined);
  return flat;
}

function toDocumentSymbol(s: OutlineSymbol, at: Positions): DocumentSymbol {
  const symbol: DocumentSymbol = { name: s.name, kind: symbolKinds[s.kind], range: at.range(s), selectionRange: at.range(s.selection), children: s.children.map((c) => toDocumentSymbol(c, at)) };
  if (s.detail !== undefined) symbol.detail = s.detail;
  return symbol;
}

/** A fold from the line of its start to the line of its end; none for a span on one line. */
export function toFoldingRange(span: FoldingSpan, at: Positions): FoldingRange | undefined {
  const { start, end } = at.range(span);
  if (end.line <= start.line) return undefined;
  const range: FoldingRange = { startLine: start.line, endLine: end.line };
  if (span.kind === 'comment') range.kind = FoldingRangeKind.Comment;
  return range;
}

/** Edits of other files as one workspace edit (a file to create first when the client may create files; else none). */
function elsewhereEdit(files: readonly FileEdits[], others: FileTarget, client: ClientFeatures): WorkspaceEdit | undefined {
  if (files.some((f) => f.create) && !client.createFiles) return undefined;
  const parts = files.map((f) => {
    const target = others(f.file);
    const positions = positionIndex(f.text);
    return { f, target, edits: f.edits.map((e) => ({ range: positions.range(e), newText: e.newText })) };
  });
  if (!client.documentChanges) return { changes: Object.fromEntries(parts.map((p) => [p.target.uri, p.edits])) };
  const changes: Array<TextDocumentEdit | CreateFile> = [];
  for (const p of parts) {
    if (p.f.create) changes.push(CreateFile.create(p.target.uri, { ignoreIfExists: true }));
    changes.push(TextDocumentEdit.create(OptionalVersionedTextDocumentIdentifier.create(p.target.uri, p.f.create ? null : p.target.version), p.edits));
  }
  return { documentChanges: changes };
}

/** A place of the workspace as a location: a file's, or a schema page's. */
export function toLocation(place: FileRange, uriOf: (file: string) => string): Location {
  return { uri: place.schemaPage !== undefined ? schemaPageUri(place.schemaPage) : uriOf(place.file), range: place.range };
}

/** A rename as one workspace edit, every file's edits, versioned where the editor has the file open. */
export function toRenameEdit(rename: WorkspaceRename, others: FileTarget, client: ClientFeatures): WorkspaceEdit {
  if (!client.documentChanges) return { changes: Object.fromEntries(rename.files.map((f) => [others(f.file).uri, f.edits])) };
  return {
    documentChanges: rename.files.map((f) => {
      const target = others(f.file);
      return TextDocumentEdit.create(OptionalVersionedTextDocumentIdentifier.create(target.uri, target.version), f.edits);
    }),
  };
}

export function toWorkspaceSymbol(entry: WorkspaceSymbolEntry, uriOf: (file: string) => string): WorkspaceSymbolInfo {
  return { name: entry.name, kind: symbolKinds[entry.kind], containerName: entry.detail, location: toLocation(entry.at, uriOf) };
}

/** A lens above a declared field; picking it shows the field's references (the client's `fieldwise.showReferences`). */
export function toCodeLens(lens: FieldLens, uri: string, at: Positions): CodeLens {
  const range = at.range(lens);
  return { range, command: { title: lens.title, command: SHOW_REFERENCES_COMMAND, arguments: [uri, range.start] } };
}
