// The writer of a document format, and the two shorthands most fixes need: a key or a scalar in the file's quoting.
import type { DocumentFormat, PropertyNode, ValueNode } from '../model';
import { PlainScalar, keyQuoteOf, quoteOf, SyntaxWriter } from './writer';
import { modelFormatOf } from './registry';

export function writerFor(format: DocumentFormat): SyntaxWriter {
  return modelFormatOf(format).writer;
}

/** A scalar's text in the format; a string keeps the quoting of `like` (the value it replaces) where the syntax lets it. */
export function scalarText(value: PlainScalar, format: DocumentFormat, like?: ValueNode): string {
  return writerFor(format).scalar(value, quoteOf(like));
}

/** A key's text in the format; in YAML quoted only when it must be (`"@timestamp"`) or `like` (in `text`) was. */
export function keyText(key: string, format: DocumentFormat, like?: PropertyNode, text?: string): string {
  return writerFor(format).key(key, like && text ? keyQuoteOf(text, like) : undefined);
}
