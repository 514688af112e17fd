// A UTF-8 byte order mark is not content: editors and Elasticsearch ignore it, and the command line's `readFileSync`
// and some editors keep it, as U+FEFF, one UTF-16 code unit at offset 0. It is handled here, in the syntax layer, and
// nowhere else: every parser reads `parseable(text)` and every scanner that walks a file's lines starts at
// `contentStart(text)`. Offsets stay the file's, with or without the mark, because nothing is shifted: like
// console.ts `isolate` and yamlSplit.ts `itemText`, the parsers read a stand-in of the same length. No node starts
// at offset 0 when the mark is there, so no edit made from a node removes or repeats it.

const BYTE_ORDER_MARK = 0xfeff;

/** Where a text's content starts: 1 after a byte order mark, else 0. */
export function contentStart(text: string): number {
  return text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
}

/**
 * The text as a parser reads it: a byte order mark becomes a line break (white space to JSON; to YAML an empty first
 * line, so the first key stands at column 0 as it does without the mark). The same text when there is no mark.
 */
export function parseable(text: string): string {
  return contentStart(text) === 0 ? text : `\n${text.slice(1)}`;
}
