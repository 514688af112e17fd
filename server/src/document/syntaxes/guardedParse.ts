// One whole-text parse of JSON or YAML: the syntax's tolerant parser, its errors kept inside the text (one per
// position), and nesting past MAX_NESTING as one syntax error instead of a crash.
import { parseJsonValue, ParsedValue } from './json/jsonValue';
import { MAX_NESTING, NestingTooDeep, SyntaxProblem } from '../model';
import { parseCounter } from '../parseCounter';
import { parseYamlValue } from './yaml/yamlValue';

/** The whole text parsed by the syntax's tolerant parser; never throws. */
export function parseGuarded(text: string, yaml: boolean): ParsedValue {
  parseCounter.wholeFiles++;
  try {
    const parsed = yaml ? parseYamlValue(text) : parseJsonValue(text);
    return { root: parsed.root, errors: tidy(parsed.errors, text.length) };
  } catch (error) {
    if (!(error instanceof NestingTooDeep) && !(error instanceof RangeError)) throw error;
    const at = error instanceof NestingTooDeep ? error.offset : 0;
    return { root: undefined, errors: [{ start: at, end: Math.min(text.length, at + 1), message: `Nested deeper than ${MAX_NESTING} levels: Fieldwise does not check a file nested this deep` }] };
  }
}

/** One report per position (a truncated line otherwise says "value expected" and "} expected" at once), inside the text. */
export function tidy(errors: SyntaxProblem[], length: number): SyntaxProblem[] {
  const seen = new Set<number>();
  const out: SyntaxProblem[] = [];
  for (const e of errors) {
    const start = Math.min(e.start, length);
    if (seen.has(start)) continue;
    seen.add(start);
    const kept: SyntaxProblem = { start, end: Math.max(start, Math.min(e.end, length)), message: e.message };
    if (e.code !== undefined) kept.code = e.code;
    out.push(kept);
  }
  return out;
}
