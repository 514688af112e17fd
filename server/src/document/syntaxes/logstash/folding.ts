// Folding ranges of a Logstash config as offsets: every block that spans lines (section, plugin, if / else if / else
// branch, hash, array), multi-line strings, and runs of two or more whole-line comments.
import type { Span } from '../../model';
import type { LogstashParse, StatementNode, ValueNode } from './ast';
import { type LineIndex, lineIndexFor } from './lineIndex';

export interface LogstashFoldingRange extends Span {
  /** `comment` for a run of comment lines; undefined for a block or a string. */
  kind?: 'comment';
}

/** Folding ranges in file order: `start` where the construct starts, `end` just after its closing bracket or last comment. */
export function logstashFoldingRanges(parse: LogstashParse): LogstashFoldingRange[] {
  const { text } = parse;
  const lines = lineIndexFor(text);
  const out: LogstashFoldingRange[] = [];
  const add = (start: number, end: number, kind?: 'comment'): void => {
    if (lines.breakBetween(start, end)) out.push(kind ? { start, end, kind } : { start, end });
  };
  const value = (v: ValueNode | undefined): void => {
    if (!v) return;
    switch (v.kind) {
      case 'string':
        add(v.start, v.end);
        break;
      case 'array':
        add(v.start, v.end);
        v.items.forEach(value);
        break;
      case 'hash':
        add(v.start, v.end);
        for (const e of v.entries) value(e.value);
        break;
      case 'plugin':
        add(v.start, v.end);
        for (const a of v.attributes) value(a.value);
        break;
      default:
        break;
    }
  };
  const statements = (body: readonly StatementNode[]): void => {
    for (const s of body) {
      if (s.kind === 'plugin') value(s);
      else for (const c of s.clauses) {
        add(c.start, c.end);
        statements(c.body);
      }
    }
  };
  for (const section of parse.config.sections) {
    add(section.start, section.end);
    statements(section.body);
  }
  commentRuns(parse, lines, add);
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Runs of comments each alone on its line, on consecutive lines. */
function commentRuns(parse: LogstashParse, lines: LineIndex, add: (start: number, end: number, kind: 'comment') => void): void {
  let runStart = -1;
  let runEnd = -1;
  let runLine = -1;
  for (const c of parse.comments) {
    const line = lines.lineOf(c.start);
    const alone = lines.firstOnLine(c.start);
    if (alone && runStart >= 0 && line === runLine + 1) {
      runEnd = c.end;
      runLine = line;
      continue;
    }
    if (runStart >= 0) add(runStart, runEnd, 'comment');
    runStart = alone ? c.start : -1;
    runEnd = c.end;
    runLine = line;
  }
  if (runStart >= 0) add(runStart, runEnd, 'comment');
}
