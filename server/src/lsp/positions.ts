// The one edge between document offsets (UTF-16 code units) and LSP positions, pinned to one document version.
import type { Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../document/model';
import { positionIndex, PositionIndex } from '../service/positions';

export interface Positions {
  position(offset: number): Position;
  offset(position: Position): number;
  range(span: Span): Range;
  span(range: Range): Span;
}

/**
 * Converts against `doc` while it is still at `version`; once the live document has moved on (an edit arrived
 * while a request was working), against a snapshot of `text`, so positions always match the parsed text.
 */
export function positionsAt(doc: TextDocument, version: number, text: string): Positions {
  let snapshot: PositionIndex | undefined;
  // The live document's line table is kept up to date by incremental sync; a snapshot builds its own.
  const live = (): boolean => doc.version === version;
  const index = (): PositionIndex => (snapshot ??= positionIndex(text));
  const position = (offset: number): Position => {
    const at = Math.max(0, Math.min(offset, text.length));
    return live() ? doc.positionAt(at) : index().position(at);
  };
  const offset = (p: Position): number => (live() ? doc.offsetAt(p) : index().offset(p));
  return {
    position,
    offset,
    range: (span) => ({ start: position(span.start), end: position(span.end) }),
    span: (range) => ({ start: offset(range.start), end: offset(range.end) }),
  };
}
