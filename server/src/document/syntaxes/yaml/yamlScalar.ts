// YAML 1.2 core-schema typing of plain scalars (what `yaml` itself does, without composing a document).
import { ScalarNode } from '../../model';

type Typed = Pick<ScalarNode, 'kind' | 'value'>;

const nullRe = /^(?:~|null|Null|NULL)?$/;
const boolRe = /^(?:true|True|TRUE|false|False|FALSE)$/;
const intRe = /^[-+]?[0-9]+$/;
const octRe = /^0o[0-7]+$/;
const hexRe = /^0x[0-9a-fA-F]+$/;
const floatRe = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const infRe = /^[-+]?\.(?:inf|Inf|INF)$/;
const nanRe = /^\.(?:nan|NaN|NAN)$/;

/** The typed value of a plain scalar. */
export function typePlainScalar(source: string): Typed {
  if (nullRe.test(source)) return { kind: 'null', value: null };
  const first = source.charCodeAt(0);
  // Only scalars starting like a number or a bool can be one; the rest are strings.
  if ((first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46) {
    if (intRe.test(source)) return { kind: 'number', value: Number(source) };
    if (floatRe.test(source)) return { kind: 'number', value: Number(source) };
    if (octRe.test(source)) return { kind: 'number', value: parseInt(source.slice(2), 8) };
    if (hexRe.test(source)) return { kind: 'number', value: parseInt(source.slice(2), 16) };
    if (infRe.test(source)) return { kind: 'number', value: source.startsWith('-') ? -Infinity : Infinity };
    if (nanRe.test(source)) return { kind: 'number', value: NaN };
  } else if (boolRe.test(source)) {
    return { kind: 'boolean', value: source.charCodeAt(0) === 116 || source.charCodeAt(0) === 84 };
  }
  return { kind: 'string', value: source };
}
