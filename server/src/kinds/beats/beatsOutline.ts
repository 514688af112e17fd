// The outline of a Beats configuration: each `processors:` list with its processors, and an if/then/else with the
// processors under it, in the order written.
import type { ArrayNode, Span, ValueNode } from '../../document/model';
import type { OutlineSymbol } from '../../features/types';
import type { BeatsDocument } from './beatsDocument';
import type { BeatsReading } from './beatsReading';

export function beatsOutline(doc: BeatsDocument): OutlineSymbol[] {
  const skeleton = doc.skeleton;
  const out: OutlineSymbol[] = [];
  for (const list of skeleton.lists) {
    if (!list.key) continue;
    out.push(listSymbol(list.key.keySpan, { start: list.key.keyTokenSpan.start, end: list.node.end }, itemSymbols(skeleton, list.node, 0)));
  }
  // A large file's lists: each `processors` key and the units read under it.
  for (const key of skeleton.emptyLists) {
    const units = doc.units.filter((u) => u.anchor === key.keySpan.start);
    if (units.length === 0) continue;
    const children = units.flatMap((u) => (u.reading.root?.kind === 'array' ? itemSymbols(u.reading, u.reading.root, u.start) : []));
    out.push(listSymbol(key.keySpan, { start: key.keyTokenSpan.start, end: units[units.length - 1].end }, children));
  }
  return out.sort((a, b) => a.start - b.start);
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
    name: site.name, detail: site.spec ? 'processor' : 'unknown processor', kind: 'function' as const,
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
