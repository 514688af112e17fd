// The Logstash config language as a syntax: parse (never fails), write, format, outline and fold. What the language
// server's Logstash file kind plugs in; nothing here knows about files, settings or the protocol.
export type * from './ast';
export { parseLogstash } from './parse';
export { TokenTable, Tok, TokenFlag, type TokenKind } from './lexer';
export { startsWithSection } from './sections';
export { contentOf, stringSource, fileOffsetOf, fileSpanOf, valueOffsetAt } from './stringContent';
export { eolOf, indentUnitOf, lineIndentAt } from './indentation';
export {
  Bareword, Verbatim, type LogstashData, type LogstashLayout, type Position, canQuote, quoteString, inQuotes, nameText, keyText,
  numberText, valueText, attributeText, hashEntryText, arrayItemText, fileQuoteOf, insertAttribute, insertHashEntry, insertArrayItem,
} from './writer';
export { formatLogstash, applyEdits, type FormatOptions } from './format';
export { logstashSymbols, conditionText, pluginId, type LogstashSymbol, type LogstashSymbolKind } from './outline';
export { logstashFoldingRanges, type LogstashFoldingRange } from './folding';
