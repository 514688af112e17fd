// One body of a non-event file kind parsed whole with the syntax's tolerant parser: never throws; nesting past
// MAX_NESTING becomes one syntax error instead of a stack overflow (invariant 5).
import { tidy } from './eventDocument';
import { parseJsonValue, ParsedValue } from './jsonValue';
import { MAX_NESTING, NestingTooDeep } from './model';
import { parseYamlValue } from './yamlValue';

/** `what` names the kind in the nesting message ("a pipeline", "a mapping"). */
export function parseValue(text: string, yaml: boolean, what: string): ParsedValue {
  try {
    const parsed = yaml ? parseYamlValue(text) : parseJsonValue(text);
    return { root: parsed.root, errors: tidy(parsed.errors, text.length) };
  } catch (error) {
    if (!(error instanceof NestingTooDeep) && !(error instanceof RangeError)) throw error;
    const at = error instanceof NestingTooDeep ? error.offset : 0;
    return { root: undefined, errors: [{ start: at, end: Math.min(text.length, at + 1), message: `Nested deeper than ${MAX_NESTING} levels: Fieldwise does not check ${what} nested this deep` }] };
  }
}
