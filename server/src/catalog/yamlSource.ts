// Parses one YAML definition file and keeps the way back from a JSON pointer to its 1-based line.
import type * as Yaml from 'yaml';
import type { Document } from 'yaml';
import { DefinitionProblem } from './types';

/** The `yaml` library on first use: definition files are read only when the build's snapshot does not match. */
function yaml(): typeof Yaml {
  return require('yaml') as typeof Yaml;
}

export interface YamlSource {
  file: string;
  /** The plain data, for validation. */
  value: unknown;
  /** The 1-based line of the deepest node on `pointer` (`/fields/3/type`). */
  lineOf(this: void, pointer: string): number | undefined;
}

export type ParsedYaml = { ok: true; source: YamlSource } | { ok: false; problems: DefinitionProblem[] };

export function parseYamlSource(file: string, text: string): ParsedYaml {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        file,
        line: lineCounter.linePos(error.pos[0]).line,
        path: '',
        message: `YAML syntax error: ${firstLine(error.message)}`,
      })),
    };
  }
  const lineOf = (pointer: string): number | undefined => {
    const offset = offsetOf(doc, parsePointer(pointer));
    return offset === undefined ? undefined : lineCounter.linePos(offset).line;
  };
  return { ok: true, source: { file, value: doc.toJS(), lineOf } };
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Start offset of the deepest node reachable along `segments`; the key's offset for a map entry. */
function offsetOf(doc: Document, segments: readonly string[]): number | undefined {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
      if (!pair) break;
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
      // A value on its own line (a nested map) is better located by its key, so keep the key's offset.
      if (!isMap(node) && !isSeq(node)) offset = rangeStart(node) ?? offset;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (item === undefined) break;
      node = item;
      offset = rangeStart(node) ?? offset;
    } else {
      break;
    }
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  if (node && typeof node === 'object' && 'range' in node) {
    const range = (node as { range?: [number, number, number] | null }).range;
    return range ? range[0] : undefined;
  }
  return undefined;
}
