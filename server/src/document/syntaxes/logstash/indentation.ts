// A config's own layout, as the writer and the formatter match it: its indentation step and its line break.
import type { LogstashParse, StatementNode } from './ast';
import { LineIndex } from './lineIndex';

/** The line break the text uses most: CR LF when it has any, else LF. */
export function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The leading spaces and tabs of the line holding `offset`. */
export function lineIndentAt(text: string, offset: number, lines = new LineIndex(text)): string {
  const line = lines.lineOf(offset);
  return text.slice(lines.starts[line], lines.indentEnd(line));
}

/** How many samples settle the indentation step: a file indents alike throughout. */
const SAMPLES = 64;

/**
 * The file's indentation step: the most frequent difference between a block's line and the line of the first thing
 * inside it (sections, plugins, branches, hashes), when that starts a line. Two spaces when the file shows none.
 */
export function indentUnitOf(parse: LogstashParse): string {
  const { text } = parse;
  const lines = new LineIndex(text);
  const counts = new Map<string, number>();
  let samples = 0;
  const sample = (outer: number, inner: number | undefined): void => {
    if (inner === undefined || samples >= SAMPLES || !lines.firstOnLine(inner)) return;
    const outerIndent = lineIndentAt(text, outer, lines);
    const innerIndent = lineIndentAt(text, inner, lines);
    if (innerIndent.length <= outerIndent.length || !innerIndent.startsWith(outerIndent)) return;
    const step = innerIndent.slice(outerIndent.length);
    if (!/^(?:\t| +)$/.test(step)) return;
    counts.set(step, (counts.get(step) ?? 0) + 1);
    samples++;
  };
  const statements = (outer: number, body: readonly StatementNode[]): void => {
    for (const s of body) {
      if (samples >= SAMPLES) return;
      sample(outer, s.start);
      if (s.kind === 'plugin') sample(s.start, s.attributes[0]?.start);
      else for (const c of s.clauses) statements(c.start, c.body);
    }
  };
  for (const section of parse.config.sections) statements(section.start, section.body);
  let best = '  ';
  let bestCount = 0;
  for (const [step, count] of counts) {
    if (count > bestCount) {
      best = step;
      bestCount = count;
    }
  }
  return best;
}
