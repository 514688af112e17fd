// "What is at this offset" in a mapping: a field reference (a name under properties, a copy_to or alias target), a
// field name being typed under `properties`, a parameter name in a field's mapping, a `type` value, a key of a mapping
// or of a dynamic template. Completion and hover start from here.
import type { FieldRef } from '../fieldRefs';
import type { PropertyNode, Span } from '../model';
import { inside, keyIn, valueOf } from '../objectKeys';
import { wordAt } from '../positionContext';
import type { KeySite } from './mappingBody';
import { MappingDocument, mappingBodyAt } from './mappingDocument';

export type MappingPosition =
  /** On a reference; `segment` indexes `ref.path`. */
  | { kind: 'ref'; ref: FieldRef; segment: number }
  /** Where a key is typed in a site (a field name under properties, a parameter, a mapping or template key). */
  | { kind: 'key'; site: KeySite; replace: Span; typed: string; quoted: boolean; key?: PropertyNode }
  /** On the value of a field's `type` (or where it is typed). */
  | { kind: 'typeValue'; site: KeySite; replace: Span; quoted: boolean }
  | { kind: 'none' };

const NONE: MappingPosition = { kind: 'none' };

export function mappingPositionAt(doc: MappingDocument, offset: number): MappingPosition {
  return refAt(doc, offset) ?? keyPosition(doc, offset);
}

/** The reference with a segment of its own at the offset (hover asks this first). */
export function refAt(doc: MappingDocument, offset: number): Extract<MappingPosition, { kind: 'ref' }> | undefined {
  for (const list of [doc.refs, doc.targets]) {
    for (const ref of list) {
      const i = ref.segments.findIndex((s) => s.start <= offset && offset <= s.end);
      if (i >= 0) return { kind: 'ref', ref, segment: ref.first + i };
    }
  }
  return undefined;
}

/** Where a key or a type is typed: in the innermost site holding the offset. */
export function keyPosition(doc: MappingDocument, offset: number): MappingPosition {
  const body = mappingBodyAt(doc, offset);
  if (!body) return NONE;
  const text = doc.text;
  let site: KeySite | undefined;
  for (const s of body.sites) {
    const node = s.node;
    const holds = node.kind === 'object' ? inside(text, node, offset) : node.kind !== 'array' && node.start <= offset && offset <= node.end;
    if (holds && (!site || node.end - node.start < site.node.end - site.node.start)) site = s;
  }
  if (!site) return NONE;
  const node = site.node;
  if (node.kind !== 'object') {
    // YAML being typed: `properties:` (or a field) followed by a word on the next line, read as a scalar value.
    if (node.kind === 'array' || text.slice(node.start, offset).includes(':')) return NONE;
    const replace = node.kind === 'invalid' && node.start === node.end ? wordAt(text, offset) : { start: node.start, end: Math.max(node.end, offset) };
    return { kind: 'key', site, replace, typed: text.slice(replace.start, offset), quoted: false };
  }
  if (site.role === 'field') {
    const type = node.properties.find((p) => p.key === 'type');
    const value = type && valueOf(node, 'type');
    if (type && value && value.start <= offset && offset <= value.end) {
      const quoted = text.charCodeAt(value.start) === 34 || text.charCodeAt(value.start) === 39;
      return { kind: 'typeValue', site, replace: quoted ? { start: value.start + 1, end: Math.max(value.start + 1, value.end - 1) } : { start: value.start, end: value.end }, quoted };
    }
    if (type?.colon !== undefined && offset > type.colon && (!value || offset <= value.start) && !text.slice(type.colon, offset).includes('\n')) {
      return { kind: 'typeValue', site, replace: wordAt(text, offset), quoted: text.charCodeAt(wordAt(text, offset).start - 1) === 34 };
    }
  }
  return keyIn<MappingPosition>(text, node, offset, (replace, typed, quoted, key) => ({ kind: 'key', site: site!, replace, typed, quoted, key }), NONE);
}
