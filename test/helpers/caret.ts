// Fixtures with a caret: `source: { geo: { ci| } }` -> the text without the caret and the caret's offset.

export interface CaretText {
  text: string;
  offset: number;
}

export function caret(fixture: string, marker = '|'): CaretText {
  const offset = fixture.indexOf(marker);
  if (offset < 0) throw new Error(`fixture has no caret '${marker}': ${JSON.stringify(fixture)}`);
  if (fixture.indexOf(marker, offset + 1) >= 0) throw new Error(`fixture has two carets: ${JSON.stringify(fixture)}`);
  return { text: fixture.slice(0, offset) + fixture.slice(offset + marker.length), offset };
}
