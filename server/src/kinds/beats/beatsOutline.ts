// The outline of a Beats configuration: each `processors:` list with its processors, and an if/then/else with the
// processors under it, in the order written.
import type { ArrayNode, Span, ValueNode } from '../../document/model';
import type { OutlineSymbol } from '../../features/types';
import type { BeatsDocument, PlacedUnit } from './beatsDocument';
import type { BeatsReading } from './beatsReading';

export function beatsOutline(doc: BeatsDocument): OutlineSymbol[] {
  const skeleton = doc.skeleton;
  const out: OutlineSymbol[] = [];
  for (const list of skeleton.lists) {
    const key = list.key;
    if (!key) continue;
    // An alias (`processors: *common`) stands for a list written before it: its processors are outlined there.
    const aliased = list.node.start < key.keyTokenSpan.start;
    out.push(listSymbol(key.keySpan, { start: key.keyTokenSpan.start, end: aliased ? key.keyTokenSpan.end : list.node.end }, aliased ? [] : itemSymbols(skeleton, list.node, 0)));
  }
  // A large file's lists: each `processors` key and its units, named from their first line (an if/then/else is read
  // for what it holds: the others need no tree).
  const byAnchor = new Map<number, PlacedUnit[]>();
  for (const placed of doc.units) {
    const list = byAnchor.get(placed.anchor);
    if (list) list.push(placed);
    else byAnchor.set(placed.anchor, [placed]);
  }
  for (const key of skeleton.emptyLists) {
    const units = byAnchor.get(key.keySpan.start);
    if (!units) continue;
    out.push(listSymbol(key.keySpan, { start: key.keyTokenSpan.start, end: units[units.length - 1].end }, units.flatMap(unitSymbol)));
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The first key of a unit's item: `- name:`, its name's span (up to a dot: Beats' nesting). */
const ITEM_KEY = /^[ ]*-[ ]+(["']?)([^\s:#'".]+)/;

function unitSymbol(placed: PlacedUnit): OutlineSymbol[] {
  const found = ITEM_KEY.exec(placed.unit.text);
  if (!found) return [];
  const name = found[2];
  if (name === 'if') {
    const reading = placed.unit.reading();
    return reading.root?.kind === 'array' ? itemSymbols(reading, reading.root, placed.start) : [];
  }
  const start = placed.start + found.index + found[0].length - name.length;
  const end = placed.start + placed.unit.text.trimEnd().length;
  return [{ name, detail: 'processor', kind: 'function', start: placed.start + found[0].indexOf('-'), end, selection: { start, end: start + name.length }, children: [] }];
}

function listSymbol(name: Span, range: Span, children: OutlineSymbol[]): OutlineSymbol {
  return { name: 'processors', kind: 'array', start: range.start, end: range.end, selection: { ...name }, children };
}

function itemSymbols(reading: BeatsReading, list: ArrayNode, at: number): OutlineSymbol[] {
  return list.items.flatMap((item) => itemSymbol(reading, item, at));
}

function itemSymbol(reading: BeatsReading, item: ValueNode, at: number): OutlineSymbol[] {
  const control = reading.controls.find((c) => c.holder === item);
  if (control) {
    const lists = reading.lists.filter((l) => !l.key && l.node.start >= item.start && l.node.end <= item.end && !nested(reading, l.node, item));
    const children = lists.flatMap((l) => itemSymbols(reading, l.node, at));
    return [{ name: 'if', detail: 'if / then / else', kind: 'operator', start: item.start + at, end: item.end + at, selection: shift(control.key.keySpan, at), children }];
  }
  return reading.processors.filter((s) => s.holder === item).map((site) => ({
    name: site.name, detail: 'processor', kind: 'function' as const,
    start: item.start + at, end: item.end + at, selection: shift(site.nameSpan, at), children: [],
  }));
}

/** Whether a list sits inside another control item within `item` (its symbols belong to that one). */
function nested(reading: BeatsReading, list: ArrayNode, item: ValueNode): boolean {
  return reading.controls.some((c) => c.holder !== item && c.holder.start >= item.start && c.holder.end <= item.end && list.start >= c.holder.start && list.end <= c.holder.end);
}

function shift(span: Span, at: number): Span {
  return { start: span.start + at, end: span.end + at };
}
