// The outline, the folds and the formatting of a config, in the kind contract's terms: the syntax computes them
// (document/syntaxes/logstash/), this names them as the editor shows them.
import { formatLogstash, logstashFoldingRanges, logstashSymbols, type LogstashSymbol, type LogstashSymbolKind } from '../../document/syntaxes/logstash';
import type { Span } from '../../document/model';
import type { FoldingSpan, FormattingOptions, OutlineSymbol, SymbolKindName, TextEdit } from '../../features/types';
import type { LogstashDocument } from './logstashDocument';

/** Sections group plugins as namespaces do; a plugin is a step applied to each event; a conditional tests it. */
const SYMBOL_KINDS: Readonly<Record<LogstashSymbolKind, SymbolKindName>> = {
  section: 'namespace',
  plugin: 'function',
  conditional: 'operator',
  branch: 'operator',
};

function outlineSymbol(s: LogstashSymbol): OutlineSymbol {
  return {
    name: s.name,
    kind: SYMBOL_KINDS[s.kind],
    start: s.span.start,
    end: s.span.end,
    selection: { start: s.nameSpan.start, end: s.nameSpan.end },
    children: s.children.map(outlineSymbol),
  };
}

export function logstashOutline(doc: LogstashDocument): OutlineSymbol[] {
  return logstashSymbols(doc.tree).map(outlineSymbol);
}

export function logstashFolding(doc: LogstashDocument): FoldingSpan[] {
  return logstashFoldingRanges(doc.tree).map((r) => (r.kind ? { start: r.start, end: r.end, kind: r.kind } : { start: r.start, end: r.end }));
}

/** The editor's indentation (its tab size in spaces, or tabs) one unit per block; `range`: only the lines it touches. */
export function logstashFormat(doc: LogstashDocument, options: FormattingOptions, range?: Span): TextEdit[] {
  return formatLogstash(doc.text, { tabSize: options.tabSize, insertSpaces: options.insertSpaces }, range, doc.tree);
}
