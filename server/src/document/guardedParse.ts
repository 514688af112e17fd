// One whole-file parse for the file kinds that are one unit (pipelines, field definitions): the syntax's tolerant
// parser, its errors kept inside the text, and nesting past MAX_NESTING as one syntax error instead of a crash.
import { tidy } from './eventDocument';
import { parseJsonValue, ParsedValue } from './jsonValue';
import { MAX_NESTING, NestingTooDeep } from './model';
import { parseCounter } from './parseCounter';
import { parseYamlValue } from './yamlValue';

/** `what` names the file kind in the nesting message ("a pipeline"). */
export function parseGuarded(text: string, yaml: boolean, what: string): ParsedValue {
  parseCounter.wholeFiles++;
  try {
    const parsed = yaml ? parseYamlValue(text) : parseJsonValue(text);
    return { root: parsed.root, errors: tidy(parsed.errors, text.length) };
  } catch (error) {
    if (!(error instanceof NestingTooDeep) && !(error instanceof RangeError)) throw error;
    const at = error instanceof NestingTooDeep ? error.offset : 0;
    return { root: undefined, errors: [{ start: at, end: Math.min(text.length, at + 1), message: `Nested deeper than ${MAX_NESTING} levels: Fieldwise does not check ${what} nested this deep` }] };
  }
}
