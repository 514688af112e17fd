// Outline pieces every kind may use: the symbol of an object's keys, nested as the text nests them (an event's field
// sets and fields, a mapping's `properties` tree), each named by its key as written.
import type { ObjectNode, PropertyNode, ValueNode } from '../document/model';
import type { OutlineSymbol, SymbolKindName } from './types';

/** Keys below this depth are not listed: an outline is read by people, and absurd nesting would make it endless. */
const MAX_DEPTH = 32;

/** One symbol per key of `object` (offsets moved by `shift`), with its nested keys as children. */
export function keySymbols(object: ObjectNode, shift = 0, depth = 0): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const property of object.properties) {
    if (property.key === '') continue;
    out.push(keySymbol(property, shift, depth));
  }
  return out;
}

function keySymbol(property: PropertyNode, shift: number, depth: number): OutlineSymbol {
  const value = property.value;
  const children: OutlineSymbol[] = [];
  if (depth < MAX_DEPTH) {
    if (value?.kind === 'object') children.push(...keySymbols(value, shift, depth + 1));
    else if (value?.kind === 'array') for (const item of value.items) if (item.kind === 'object') children.push(...keySymbols(item, shift, depth + 1));
  }
  return symbolOf(property, property.key, kindOfValue(value), children, shift, detailOf(value));
}

/** A symbol spanning a key and its value, selecting the key. */
export function symbolOf(property: PropertyNode, name: string, kind: SymbolKindName, children: OutlineSymbol[], shift = 0, detail?: string): OutlineSymbol {
  const key = property.keyTokenSpan;
  const end = Math.max(key.end, property.value?.end ?? key.end);
  const symbol: OutlineSymbol = {
    name,
    kind,
    start: key.start + shift,
    end: end + shift,
    selection: { start: key.start + shift, end: key.end + shift },
    children,
  };
  if (detail !== undefined) symbol.detail = detail;
  return symbol;
}

function kindOfValue(value: ValueNode | undefined): SymbolKindName {
  if (value?.kind === 'object') return 'namespace';
  if (value?.kind === 'array') return value.items.some((i) => i.kind === 'object') ? 'array' : 'field';
  return 'field';
}

/** A scalar's kind as a short detail (`string`, `number`), nothing for collections. */
function detailOf(value: ValueNode | undefined): string | undefined {
  if (!value || value.kind === 'object') return undefined;
  if (value.kind === 'array') return `${value.items.length} item${value.items.length === 1 ? '' : 's'}`;
  return value.kind;
}
