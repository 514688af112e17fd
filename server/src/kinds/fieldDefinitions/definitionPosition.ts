// "What is at this offset" in a field definitions file: a segment of an item's name (a reference), or the value of
// an item's `name`, `type`, `level` or `external` being typed. Completion and hover start here.
import type { NamedRef } from '../../document/fieldRefs';
import { syntaxOf } from '../../document/syntaxes/registry';
import type { PropertyNode, ScalarNode, Span } from '../../document/model';
import { wordAt } from '../../document/positionContext';
import { decodedOffsetAt, decodeWithOffsets, mapSpan } from '../../document/syntaxes/stringOffsets';
import type { DefinitionItem, FieldDefinitionsDocument } from './fieldDefinitionsDocument';

/** The item keys whose values Fieldwise completes. */
export type ValueKey = 'name' | 'type' | 'level' | 'external';
const VALUE_KEYS: ReadonlySet<string> = new Set<ValueKey>(['name', 'type', 'level', 'external']);

export type DefinitionPosition =
  /** On a segment the item's own name writes; `segment` indexes `ref.path`. */
  | { kind: 'ref'; item: DefinitionItem; ref: NamedRef; segment: number }
  /** In (or right after the colon of) a value being typed: `typed` is the decoded text before the caret, `replace` the whole value. */
  | { kind: 'value'; key: ValueKey; item: DefinitionItem; node: ScalarNode | undefined; replace: Span; typed: string }
  | { kind: 'none' };

const NONE: DefinitionPosition = { kind: 'none' };

export function definitionPositionAt(doc: FieldDefinitionsDocument, offset: number): DefinitionPosition {
  return refAt(doc, offset) ?? valueAt(doc, offset);
}

/** The item whose name has a segment at the offset. */
export function refAt(doc: FieldDefinitionsDocument, offset: number): Extract<DefinitionPosition, { kind: 'ref' }> | undefined {
  for (const item of doc.items) {
    const ref = item.ref;
    if (!ref || !item.name || offset < item.name.start || offset > item.name.end) continue;
    const i = ref.segments.findIndex((s) => s.start <= offset && offset <= s.end);
    if (i >= 0) return { kind: 'ref', item, ref, segment: ref.first + i };
  }
  return undefined;
}

function valueAt(doc: FieldDefinitionsDocument, offset: number): DefinitionPosition {
  for (const item of doc.items) {
    if (item.node.start > offset) break;
    for (const p of item.node.properties) {
      if (!VALUE_KEYS.has(p.key) || p.colon === undefined || offset <= p.colon) continue;
      const site = valueSite(doc, item, p, offset);
      if (site) return site;
    }
  }
  return NONE;
}

function valueSite(doc: FieldDefinitionsDocument, item: DefinitionItem, p: PropertyNode, offset: number): DefinitionPosition | undefined {
  const text = doc.text;
  const key = p.key as ValueKey;
  const value = p.value;
  if (!value || value.kind === 'null') {
    if (text.slice(p.colon, offset).includes('\n')) return undefined;
    const replace = wordAt(text, offset);
    return { kind: 'value', key, item, node: undefined, replace, typed: text.slice(replace.start, offset) };
  }
  if (value.kind === 'object' || value.kind === 'array' || value.kind === 'invalid') return undefined;
  const plain = value.kind !== 'string' || value.style === 'plain';
  if (offset < value.start || offset > value.end || (!plain && (offset === value.start || offset === value.end))) return undefined;
  const raw = text.slice(value.start, value.end);
  const decoded = value.kind === 'string' ? decodeWithOffsets(raw, value.style ?? 'plain', syntaxOf(doc.type.format)) : undefined;
  if (!decoded) return { kind: 'value', key, item, node: value, replace: { start: value.start, end: value.end }, typed: raw.slice(0, offset - value.start) };
  const replace = mapSpan(decoded, { start: 0, end: decoded.value.length }, value.start);
  return { kind: 'value', key, item, node: value, replace, typed: decoded.value.slice(0, decodedOffsetAt(decoded, offset - value.start)) };
}
