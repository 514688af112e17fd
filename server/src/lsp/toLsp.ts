// Fieldwise's plain results (document offsets) as LSP objects; positions go through `Positions` only.
import {
  CodeAction, CodeActionKind, Diagnostic, DiagnosticSeverity, DiagnosticTag, DocumentSymbol, FoldingRange, FoldingRangeKind, Hover, InlayHint,
  MarkupKind, SymbolInformation, SymbolKind, TextEdit as LspTextEdit, WorkspaceEdit,
} from 'vscode-languageserver';
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

export function toCodeAction(fix: QuickFix, uri: string, version: number, at: Positions, client: ClientFeatures): CodeAction {
  const action: CodeAction = {
    title: fix.title,
    kind: fix.kind === 'source.fixAll' ? CodeActionKind.SourceFixAll : CodeActionKind.QuickFix,
  };
  if (fix.deferred) action.data = { uri, code: fix.code } satisfies FixAllData;
  else action.edit = toWorkspaceEdit(fix.edits, uri, version, at, client);
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
