// Splits a YAML file into event pieces without parsing it: one piece per document, or per top-level
// sequence item (`- ` at column 0), so each event is parsed and checked on its own. Pieces keep their
// trailing blank lines: that is where the user types the next key.
import { Span } from './model';

export interface YamlPiece extends Span {
  /** A sequence item: parsed with its `-` blanked out (pieceText), a copy made when needed, not kept. */
  item?: true;
}

/** The text to parse for a piece of `text`. */
export function pieceText(text: string, piece: YamlPiece): string {
  const slice = text.slice(piece.start, piece.end);
  return piece.item ? itemText(slice) : slice;
}

/** A sequence item's text with its `-` blanked out, so that it parses as the value it holds, at the same offsets. */
export function itemText(slice: string): string {
  return ' ' + slice.slice(1);
}

const docMarker = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/;

/** Lines of `text` as [start, end) offsets, end before the line break; one at a time, as a 5 MB file has 150,000. */
function* lines(text: string): Generator<[number, number]> {
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    yield [start, end];
    if (nl < 0) break;
    start = nl + 1;
  }
}

const whitespace = /\s/;

/** `text.slice(start, end).trim() === ''` without a copy of every indented line. */
function blank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!whitespace.test(text[i])) return false;
  return true;
}

/** The event pieces of a YAML file; with `limit`, stops once that many are known. */
export function splitYaml(text: string, limit = Infinity): YamlPiece[] {
  const pieces: YamlPiece[] = [];
  let docStart = 0;
  let items: number[] = [];
  let otherContent = false;
  let hasContent = false;

  const flush = (docEnd: number): void => {
    if (!hasContent) return;
    if (items.length > 0 && !otherContent) {
      for (let k = 0; k < items.length; k++) {
        const start = items[k];
        const end = k + 1 < items.length ? items[k + 1] : docEnd;
        pieces.push({ start, end, item: true });
      }
    } else {
      pieces.push({ start: docStart, end: docEnd });
    }
  };

  for (const [start, end] of lines(text)) {
    if (pieces.length >= limit) return pieces.slice(0, limit);
    if (items.length > limit && !otherContent) {
      flush(items[limit]);
      return pieces.slice(0, limit);
    }
    const c = text.charCodeAt(start);
    if (docMarker.test(text.slice(start, Math.min(end, start + 4)))) {
      flush(start);
      items = [];
      const inline = text.slice(start + 3, end).trim();
      // `--- value` keeps its inline content in the new document.
      const inlineContent = text.startsWith('---', start) && inline !== '' && !inline.startsWith('#');
      docStart = inlineContent ? start + 3 : Math.min(end + 1, text.length);
      hasContent = inlineContent;
      otherContent = inlineContent;
      continue;
    }
    if (start === end || c === 35 /* # */ || c === 32 || c === 9 || c === 13) {
      if (c === 32 || c === 9) {
        if (!blank(text, start, end)) {
          if (items.length === 0) otherContent = true;
          hasContent = true;
        }
      }
      continue;
    }
    if (c === 37 /* % */ && !hasContent) continue; // a directive before `---`
    hasContent = true;
    if (c === 45 /* - */ && (end === start + 1 || text.charCodeAt(start + 1) === 32 || text.charCodeAt(start + 1) === 13 || text.charCodeAt(start + 1) === 9)) {
      items.push(start);
    } else {
      otherContent = true;
    }
  }
  flush(text.length);
  return pieces;
}
