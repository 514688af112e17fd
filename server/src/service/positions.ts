// Offsets (UTF-16 code units) to line/character positions and back, as LSP counts them: 0-based, with \n, \r\n
// and \r all ending a line. The command line's outputs and any other consumer of positions share this one edge.
import { TextDocument } from 'vscode-languageserver-textdocument';

/** A string of its own: a message made from slices of a file would keep the whole text alive while a report is built. */
export { flatCopy } from '../document/compact';

export interface Position {
  /** 0-based line. */
  line: number;
  /** 0-based column in UTF-16 code units. */
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface PositionIndex {
  position(offset: number): Position;
  offset(position: Position): number;
  range(span: { start: number; end: number }): Range;
}

/** A position index over a text (the line table is built once, on first use). */
export function positionIndex(text: string): PositionIndex {
  const doc = TextDocument.create('fieldwise:positions', 'plaintext', 0, text);
  const clamp = (offset: number): number => Math.max(0, Math.min(offset, text.length));
  return {
    position: (offset) => doc.positionAt(clamp(offset)),
    offset: (position) => doc.offsetAt(position),
    range: (span) => ({ start: doc.positionAt(clamp(span.start)), end: doc.positionAt(clamp(span.end)) }),
  };
}
