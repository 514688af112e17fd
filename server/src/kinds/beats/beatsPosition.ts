// "What is at this offset" in a piece of a Beats configuration (its own offsets): a field reference, a place where a
// field name is typed (a value, or a key of a map of names), a constant written to a field, a processor's name, an
// option's name or value, a condition's name. Half-typed YAML is read as the user sees it: a word alone on the line
// below a key is a key being typed inside that key's value, and a caret on a blank line belongs to the innermost
// object whose keys start at its column. Completion and hover start from here.
import type { BeatsOptionSpec } from '../../catalog/beatsProcessors';
import type { NamedRef } from '../../document/fieldRefs';
import { columnOf, lineStarts } from '../../document/lines';
import type { ArrayNode, ObjectNode, PropertyNode, Span, ValueNode } from '../../document/model';
import { wordAt } from '../../document/positionContext';
import { BeatsReading, keySegments, NameLevel, OptionEntry, Prefix, ProcessorSite } from './beatsReading';

export type BeatsPosition =
  /** On a reference's own segment; `segment` indexes `ref.path`. */
  | { kind: 'ref'; ref: NamedRef; segment: number }
  /** Where a field name is typed as a value (`from: sou|`): `prefix` the names it goes under. */
  | { kind: 'fieldName'; replace: Span; typed: string; prefix: readonly string[] }
  /** Where a field name is typed as a key of a map of names (add_fields' `fields`, a condition's `equals`). */
  | { kind: 'fieldKey'; replace: Span; typed: string; prefix: readonly string[]; present: ReadonlySet<string> }
  /** On the constant written to a field (`kind: |` under add_fields with `target: event`). */
  | { kind: 'fieldValue'; path: readonly string[]; node: ValueNode | undefined; replace: Span }
  /** Where a processor's name is typed: an item's key, or a bare item (`- ad|`). */
  | { kind: 'processorName'; replace: Span; typed: string; key?: PropertyNode; bare: boolean }
  /** Where an option's name is typed inside a processor's options (or an option's object). */
  | { kind: 'optionName'; replace: Span; typed: string; level: OptionLevelAt; key?: PropertyNode }
  /** On an option's value whose values are listed (`type: |` of convert). */
  | { kind: 'optionValue'; entry: OptionEntry; site: ProcessorSite; node: ValueNode | undefined; replace: Span }
  /** Where a condition's name is typed (`when:` keys, `and:` items). */
  | { kind: 'conditionName'; replace: Span; typed: string; key?: PropertyNode }
  | { kind: 'none' };

/** An option level, which may exist only as a word typed below its option's key (no object parsed yet). */
export interface OptionLevelAt {
  site: ProcessorSite;
  path: string;
  options: Readonly<Record<string, BeatsOptionSpec>>;
  node: ObjectNode | undefined;
}

const NONE: BeatsPosition = { kind: 'none' };

/** A place keys are typed in: a parsed object, or a key's value that is a word on a line of its own (`fields:\n  ki`). */
interface Container {
  /** The object, or the word's node. */
  span: Span;
  node: ObjectNode | undefined;
  /** The column its keys start at. */
  column: number;
  what:
    | { kind: 'names'; level: Pick<NameLevel, 'prefix' | 'constants'> }
    | { kind: 'options'; level: OptionLevelAt }
    | { kind: 'conditions' }
    | { kind: 'item'; list: ArrayNode };
}

/** The reference with one of its own segments at the offset (not a prefix written elsewhere, nor an implied write). */
export function refAt(reading: BeatsReading, offset: number): Extract<BeatsPosition, { kind: 'ref' }> | undefined {
  let best: Extract<BeatsPosition, { kind: 'ref' }> | undefined;
  for (const ref of reading.refs) {
    if (ref.detail.implied) continue;
    const first = reading.borrowed.get(ref) ?? 0;
    for (let i = first; i < ref.segments.length; i++) {
      const s = ref.segments[i];
      // A key's segment shared by the references below it (`event:` over `kind:`): the shortest reference names it.
      if (s.start <= offset && offset <= s.end && s.end > s.start && (!best || ref.segments.length < best.ref.segments.length)) best = { kind: 'ref', ref, segment: i };
    }
  }
  return best;
}

export function positionAt(reading: BeatsReading, offset: number): BeatsPosition {
  const text = reading.text;
  const starts = lineStarts(text);
  const containers = containersOf(reading, starts);
  const container = innermost(containers, text, offset);
  const ref = refAt(reading, offset);
  if (container) {
    const found = inContainer(container, text, offset);
    if (found.kind !== 'none') return found.kind === 'fieldKey' || found.kind === 'fieldName' || !ref ? found : ref;
  }
  if (ref) return ref;
  return inValue(reading, text, offset) ?? NONE;
}

function containersOf(reading: BeatsReading, starts: readonly number[]): Container[] {
  const out: Container[] = [];
  const text = reading.text;
  // A block object reaches to the end of its last line: `kind: |` has its caret past the parsed end.
  const add = (node: ObjectNode, what: Container['what']): void => {
    const first = node.properties[0];
    const end = text.charCodeAt(node.start) === 123 ? node.end : lineEnd(text, node.end);
    out.push({ span: { start: node.start, end }, node, column: first ? columnOf(starts, first.keyTokenSpan.start) : columnOf(starts, node.start), what });
  };
  for (const level of reading.nameLevels) add(level.node, { kind: 'names', level });
  for (const level of reading.optionLevels) add(level.node, { kind: 'options', level });
  for (const level of reading.conditionLevels) add(level.node, { kind: 'conditions' });
  for (const list of reading.lists) for (const item of list.node.items) if (item.kind === 'object') add(item, { kind: 'item', list: list.node });
  // A key whose value is a word on a line below it: that word is a key being typed inside the key's value.
  const word = (value: ValueNode | undefined, key: PropertyNode, what: Container['what']): void => {
    if (!isWordBelow(text, value, key)) return;
    out.push({ span: value!, node: undefined, column: columnOf(starts, value!.start), what });
  };
  for (const pending of reading.pendingNames) word(pending.word, pending.key, { kind: 'names', level: { prefix: pending.prefix, constants: false } });
  for (const site of reading.processors) {
    if (site.spec && site.key.value?.kind === 'string') word(site.key.value, site.key, { kind: 'options', level: { site, path: '', options: site.spec.options, node: undefined } });
    for (const entry of site.entries) {
      if (entry.rest.length > 0) continue;
      const spec = entry.spec;
      if (spec.properties && (spec.kind === 'object' || spec.kind === 'objects')) word(entry.value, entry.property, { kind: 'options', level: { site, path: entry.path, options: spec.properties, node: undefined } });
      else if (spec.kind === 'condition') word(entry.value, entry.property, { kind: 'conditions' });
      else if (spec.kind === 'fieldMap' && spec.keys) {
        const prefix = spec.keys.prefix !== undefined ? [spec.keys.prefix] : entry.prefix?.names;
        if (prefix) word(entry.value, entry.property, { kind: 'names', level: { prefix: { names: prefix, spans: [] }, constants: spec.mapValues?.kind === 'value' } });
      }
    }
  }
  return out;
}

/** Whether a key's value is a plain word on a line below the key: a key being typed inside the key's value. */
export function isWordBelow(text: string, value: ValueNode | undefined, key: PropertyNode): boolean {
  return value?.kind === 'string' && value.style === 'plain' && key.colon !== undefined && text.slice(key.colon, value.start).includes('\n');
}

function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  const end = nl < 0 ? text.length : nl;
  return end > offset && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** The innermost container holding the offset, by its span, or by its column for a caret on a blank line below it. */
function innermost(containers: readonly Container[], text: string, offset: number): Container | undefined {
  let best: Container | undefined;
  const better = (c: Container): boolean => !best || c.span.end - c.span.start < best.span.end - best.span.start || c.span.start > best.span.start;
  for (const c of containers) if (c.span.start <= offset && offset <= c.span.end && better(c)) best = c;
  if (best) return best;
  // A blank line (or a word typed on it that parsed as nothing of these): the object whose keys start at the caret's
  // column and whose block reaches down to it.
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  if (!/^[ ]*[\w.@-]*$/.test(before)) return undefined;
  const column = before.length - before.trimStart().length;
  for (const c of containers) {
    if (c.node === undefined || c.column !== column || c.span.start > offset) continue;
    if (!blockReaches(text, c.span.end, lineStart, column)) continue;
    if (!best || c.span.start > best.span.start) best = c;
  }
  return best;
}

/** Whether every line with content between `from` and the line starting at `lineStart` is indented past `column`. */
function blockReaches(text: string, from: number, lineStart: number, column: number): boolean {
  let at = text.indexOf('\n', from);
  while (at >= 0 && at + 1 < lineStart) {
    const start = at + 1;
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    const content = line.trimStart();
    if (content !== '' && !content.startsWith('#') && line.length - content.length < column) return false;
    at = end;
  }
  return true;
}

function inContainer(c: Container, text: string, offset: number): BeatsPosition {
  const node = c.node;
  const keyAt = (make: (replace: Span, typed: string, key?: PropertyNode) => BeatsPosition): BeatsPosition | undefined => {
    if (!node) {
      const replace = wordAt(text, offset);
      return make(replace, text.slice(replace.start, offset));
    }
    for (const p of node.properties) {
      const token = p.keyTokenSpan;
      if (offset >= token.start && offset <= token.end) return make(p.keySpan, text.slice(p.keySpan.start, Math.min(offset, p.keySpan.end)), p);
      if (p.value && p.value.start <= offset && offset <= p.value.end) return undefined;
      if (p.colon !== undefined && offset > p.colon && (!p.value || offset <= p.value.start) && !text.slice(p.colon, offset).includes('\n')) return undefined;
    }
    const replace = wordAt(text, offset);
    return make(replace, text.slice(replace.start, offset));
  };
  switch (c.what.kind) {
    case 'names': {
      const level = c.what.level;
      const key = keyAt((replace, typed, k) => {
        const present = new Set(node?.properties.filter((p) => p !== k).map((p) => p.key) ?? []);
        return { kind: 'fieldKey', replace, typed, prefix: level.prefix.names, present };
      });
      if (key) return key;
      if (!level.constants || !node) return NONE;
      const p = valueOwner(node, text, offset);
      if (!p) return NONE;
      return { kind: 'fieldValue', path: [...level.prefix.names, ...keySegments(p).map((s) => s.name)], node: p.value, replace: p.value && p.value.kind !== 'null' ? { start: p.value.start, end: p.value.end } : wordAt(text, offset) };
    }
    case 'options': {
      const level = c.what.level;
      const key = keyAt((replace, typed, k) => ({ kind: 'optionName', replace, typed, level: { ...level, node: level.node ?? node }, key: k }));
      if (key) return key;
      if (!node) return NONE;
      const p = valueOwner(node, text, offset);
      const entry = p && level.site.entries.find((e) => e.property === p && e.rest.length === 0);
      return entry ? entryValue(level.site, entry, text, offset) : NONE;
    }
    case 'conditions':
      return keyAt((replace, typed, k) => ({ kind: 'conditionName', replace, typed, key: k })) ?? NONE;
    case 'item':
      return keyAt((replace, typed, k) => ({ kind: 'processorName', replace, typed, key: k, bare: false })) ?? NONE;
  }
}

/** The property whose value holds the offset (or whose value is about to be typed on its line). */
function valueOwner(node: ObjectNode, text: string, offset: number): PropertyNode | undefined {
  return node.properties.find((p) => (p.value && p.value.kind !== 'null' && p.value.start <= offset && offset <= p.value.end)
    || (p.colon !== undefined && offset > p.colon && (!p.value || p.value.kind === 'null' || offset <= p.value.start) && !text.slice(p.colon, offset).includes('\n')));
}

/** An option's value at the offset: a field name being typed, or one of the option's values. */
function entryValue(site: ProcessorSite, entry: OptionEntry, text: string, offset: number): BeatsPosition {
  const spec = entry.spec;
  const value = entry.value;
  const node = value?.kind === 'array' ? value.items.find((i) => i.start <= offset && offset <= i.end) : value;
  const replace = node && node.kind !== 'null' && node.kind !== 'array' && node.kind !== 'object' ? { start: node.start, end: node.end } : wordAt(text, offset);
  if (spec.kind === 'field' || spec.kind === 'fields' || spec.kind === 'objectPath') {
    const prefix: Prefix | undefined = entry.prefix;
    if (!prefix) return NONE;
    const quote = text.charAt(replace.start);
    const inner = quote === '"' || quote === "'" ? { start: replace.start + 1, end: Math.max(replace.start + 1, replace.end - (text.charAt(replace.end - 1) === quote ? 1 : 0)) } : replace;
    return { kind: 'fieldName', replace: inner, typed: text.slice(inner.start, Math.max(inner.start, offset)), prefix: prefix.names };
  }
  if (spec.values) return { kind: 'optionValue', entry, site, node, replace };
  return NONE;
}

/** A value typed right after a `- ` in a processors list: a processor being named. */
function inValue(reading: BeatsReading, text: string, offset: number): BeatsPosition | undefined {
  for (const list of reading.lists) {
    if (offset < list.node.start || offset > list.node.end + 1) continue;
    for (const item of list.node.items) {
      if (item.kind === 'object' || item.start > offset || offset > item.end) continue;
      if (item.kind === 'string' || item.kind === 'null') {
        const replace = item.kind === 'string' ? { start: item.start, end: item.end } : wordAt(text, offset);
        return { kind: 'processorName', replace, typed: text.slice(replace.start, offset), bare: true };
      }
    }
  }
  // A bare word on a list's new item line, `- ad|`, after the list as parsed.
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const typing = /^([ ]*)-[ ]+([\w.-]*)$/.exec(text.slice(lineStart, offset));
  if (!typing) return undefined;
  const column = typing[1].length;
  const starts = lineStarts(text);
  const inList = reading.lists.some((l) => l.node.items.length > 0 && columnOf(starts, l.node.items[0].start) - 2 === column && l.node.start <= offset)
    || reading.emptyLists.length > 0;
  if (!inList) return undefined;
  const replace = wordAt(text, offset);
  return { kind: 'processorName', replace, typed: text.slice(replace.start, offset), bare: true };
}
