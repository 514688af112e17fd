// Splits a YAML file into event pieces without parsing it: one piece per document, or per top-level
// sequence item (`- ` at column 0), so each event is parsed and checked on its own. Pieces keep their
// trailing blank lines: that is where the user types the next key.
import { Span } from '../../document/model';
import { contentStart } from '../../document/syntaxes/byteOrderMark';

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

/** Whether the line [start, end) is a document marker: `---` or `...` alone or followed by a blank (an inline value). */
function docMarker(text: string, start: number, end: number): boolean {
  if (end - start < 3) return false;
  const c = text.charCodeAt(start);
  if ((c !== 45 /* - */ && c !== 46 /* . */) || text.charCodeAt(start + 1) !== c || text.charCodeAt(start + 2) !== c) return false;
  if (end === start + 3) return true;
  const after = text.charCodeAt(start + 3);
  return after === 32 || after === 9 || after === 13;
}

const whitespace = /\s/;

/** `text.slice(start, end).trim() === ''` without a copy of every indented line. */
function blank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // ASCII by code (most lines), the rest as trim() sees it; a one-character string of a non-ASCII space is rare.
    if (c < 128 ? !(c === 32 || (c >= 9 && c <= 13)) : !whitespace.test(text[i])) return false;
  }
  return true;
}

/** The event pieces of a YAML file; with `limit`, stops once that many are known. */
export function splitYaml(text: string, limit = Infinity): YamlPiece[] {
  const pieces: YamlPiece[] = [];
  let docStart = contentStart(text);
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

  // Line by line with indexOf, nothing allocated per line: this runs on every keystroke over the whole file, and garbage
  // per line means enough young collections to promote each version's events to the old generation, which then grows
  // while the user types (docs/performance.md, long sessions).
  for (let start = docStart, end: number; start <= text.length; start = end + 1) {
    const nl = text.indexOf('\n', start);
    end = nl < 0 ? text.length : nl;
    if (pieces.length >= limit) return pieces.slice(0, limit);
    if (items.length > limit && !otherContent) {
      flush(items[limit]);
      return pieces.slice(0, limit);
    }
    const c = text.charCodeAt(start);
    if (docMarker(text, start, end)) {
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
