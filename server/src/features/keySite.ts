// Where a key is being typed or edited: which object holds it, what was typed, what text a completion replaces.
import type { EventView } from '../document/fieldRefs';
import { lineOf, lineStarts } from '../document/lines';
import type { ObjectNode, PropertyNode, ValueNode } from '../document/model';
import type { PositionContext } from '../document/positionContext';

export type KeyContext = Extract<PositionContext, { kind: 'key' | 'newKey' }>;

export interface KeySite {
  /** Path of the object that holds the key. */
  objectPath: string[];
  /** That object, when it exists (names already present are not offered again). */
  object?: ObjectNode;
  /** The property being edited, left out of the names already present. */
  editing?: PropertyNode;
  /** Whole segments typed before the name being typed (`source` in `source.ge`), relative to the object. */
  prefix: string[];
  /** The key text a completion replaces (no quotes). */
  start: number;
  end: number;
  /** JSON: the key's opening quote is there; its closing quote follows `end`. */
  openQuote: boolean;
  closeQuote: boolean;
  /** The range ends after the key's closing quote (the caret is there): a name-only edit writes the quote again. */
  quoteInRange?: boolean;
  /** The key already has its `:` (or is a quoted YAML key): only the name changes. */
  hasColon: boolean;
  /** The caret is in a middle segment of a dotted key: only one segment name fits. */
  segmentOnly: boolean;
  /** 0-based column of `start`, for YAML indentation. */
  column: number;
}

export function keySite(view: EventView, ctx: KeyContext, offset: number, yaml: boolean): KeySite {
  const text = view.text;
  if (ctx.kind === 'newKey') {
    const names = ctx.typed.split('.');
    const closeQuote = !yaml && ctx.quoted && text[ctx.replace.end] === '"';
    return {
      objectPath: ctx.objectPath,
      object: ctx.object,
      prefix: names.slice(0, -1),
      start: ctx.replace.start,
      end: ctx.replace.end,
      openQuote: ctx.quoted,
      closeQuote,
      hasColon: nextNonSpace(text, ctx.replace.end + (closeQuote ? 1 : 0)) === ':',
      segmentOnly: false,
      column: columnAt(view, ctx.replace.start),
    };
  }
  const ref = ctx.ref;
  const property = ref.property;
  if (!yaml && offset <= property.keyTokenSpan.start && ref.pathSpan.start > property.keyTokenSpan.start) {
    // Before a key's opening quote the user starts a new key; the one after it stays as it is.
    return {
      objectPath: ctx.objectPath, object: objectHolding(view.root, property), prefix: [], start: offset, end: offset,
      openQuote: false, closeQuote: false, hasColon: false, segmentOnly: false, column: columnAt(view, offset),
    };
  }
  const index = ctx.segment - ref.first;
  const names = property.key.split('.');
  const base = { objectPath: ctx.objectPath, object: objectHolding(view.root, property), editing: property };
  if (index < names.length - 1) {
    // Renaming a middle segment keeps the rest of the key (`sou|rce.ip`).
    const segment = ref.segments[index];
    return {
      ...base,
      prefix: names.slice(0, index),
      start: segment.start,
      end: segment.end,
      openQuote: true,
      closeQuote: false,
      hasColon: true,
      segmentOnly: true,
      column: columnAt(view, segment.start),
    };
  }
  const typed = ctx.typed.split('.');
  const span = ref.pathSpan;
  const token = property.keyTokenSpan;
  // The caret just after the closing quote: the range must reach it, so the quote is replaced and written again.
  const quoteInRange = offset > span.end && token.end > span.end;
  return {
    ...base,
    prefix: typed.slice(0, -1),
    start: span.start,
    end: quoteInRange ? token.end : span.end,
    openQuote: ctx.quoted,
    closeQuote: !quoteInRange && token.end > span.end && text[span.end] === '"' && !yaml,
    quoteInRange,
    hasColon: property.colon !== undefined || (yaml && ctx.quoted),
    segmentOnly: false,
    column: columnAt(view, span.start),
  };
}

function nextNonSpace(text: string, from: number): string | undefined {
  for (let i = from; i < text.length; i++) if (!/[ \t]/.test(text[i])) return text[i];
  return undefined;
}

function columnAt(view: EventView, offset: number): number {
  const starts = view.slice.lineStarts ?? (view.slice.lineStarts = lineStarts(view.text));
  return offset - starts[lineOf(starts, offset)];
}

/** The object whose properties include `property`. */
export function objectHolding(node: ValueNode | undefined, property: PropertyNode): ObjectNode | undefined {
  if (!node) return undefined;
  if (node.kind === 'object') {
    if (node.properties.includes(property)) return node;
    for (const p of node.properties) {
      const found = objectHolding(p.value, property);
      if (found) return found;
    }
  } else if (node.kind === 'array') {
    for (const item of node.items) {
      const found = objectHolding(item, property);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every relative path (dotted) an object already holds, nested and dotted spellings alike. */
export function presentPaths(object: ObjectNode | undefined, editing: PropertyNode | undefined): Set<string> {
  const out = new Set<string>();
  const visit = (node: ObjectNode, prefix: string): void => {
    for (const p of node.properties) {
      if (p === editing || p.key === '') continue;
      const path = prefix ? `${prefix}.${p.key}` : p.key;
      out.add(path);
      if (p.value?.kind === 'object') visit(p.value, path);
    }
  };
  if (object) visit(object, '');
  return out;
}
