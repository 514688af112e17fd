// The outline of a Beats configuration: each `processors:` list with its processors, and an if/then/else with the
// processors under it, in the order written; the processors' identifiers for the workspace symbol search, and the
// ingest pipelines the configuration names.
import { flatCopy } from '../../document/compact';
import type { ArrayNode, Span, ValueNode } from '../../document/model';
import type { FileLink, NamedPart, OutlineSymbol } from '../../features/types';
import type { BeatsDocument, PlacedUnit } from './beatsDocument';
import type { BeatsReading } from './beatsReading';
import { eachProperty } from './configWalk';
import { touchesTag } from './templateMask';

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

/** The identifiers processors take (`tag` of script, convert or syslog; `id` of timestamp, decode_cef, ...). */
const IDENTIFIERS = new Set(['tag', 'id']);

/** Every processor's identifier, for the workspace symbol search. */
export function beatsTags(doc: BeatsDocument): NamedPart[] {
  const out = pieceTags(doc.skeleton, doc.tags);
  for (const placed of doc.units) {
    const unit = placed.unit;
    for (const part of (unit.identifiers ??= pieceTags(unit.reading(false), unit.tags))) out.push({ ...part, start: part.start + placed.start, end: part.end + placed.start });
  }
  return out;
}

/** The identifiers of a piece's processors, in its own offsets (`tags`: its template tags, in the same offsets). */
export function pieceTags(reading: BeatsReading, tags: readonly Span[]): NamedPart[] {
  const out: NamedPart[] = [];
  for (const site of reading.processors) {
    for (const entry of site.entries) {
      const value = entry.value;
      if (!IDENTIFIERS.has(entry.path) || entry.spec.kind !== 'string' || value?.kind !== 'string' || touchesTag(tags, value.start, value.end)) continue;
      const name = String(value.value);
      // Copied: a unit's identifiers outlive the version whose text its values are slices of.
      if (name !== '') out.push({ name: flatCopy(name), detail: flatCopy(`${site.name} processor`), start: value.start, end: value.end });
    }
  }
  return out;
}

/** What the ingest pipeline kind's files answer to (its `answersTo`): a link names a pipeline in it. */
const PIPELINE_NAMESPACE = 'ingest pipeline';

/** An integration package's reference to one of its pipelines, as the package's agent templates write it. */
const PACKAGE_REFERENCE = /\{\{\s*IngestPipeline\s+["']([^"']+)["']\s*\}\}/;

/**
 * The ingest pipelines the settings name: an input's `pipeline:`, `output.elasticsearch.pipeline`, an item of its
 * `pipelines:` (a name that is a format string, `%{[fields.x]}`, is chosen per event: no file). Processors take no
 * `pipeline` option: their lists are passed over.
 */
export function beatsLinks(doc: BeatsDocument): FileLink[] {
  const out: FileLink[] = [];
  eachProperty(doc.skeleton.root, (key, value) => {
    if (key === 'processors' || key.endsWith('.processors')) return false;
    if ((key !== 'pipeline' && !key.endsWith('.pipeline')) || value?.kind !== 'string') return true;
    const written = doc.text.slice(value.start, value.end);
    const named = touchesTag(doc.tags, value.start, value.end) ? PACKAGE_REFERENCE.exec(written)?.[1] : String(value.value).trim();
    if (named !== undefined && named !== '' && !named.includes('%{')) out.push({ start: value.start, end: value.end, namespace: PIPELINE_NAMESPACE, name: named });
    return false;
  });
  return out;
}
