// "What is at this offset" in a mapping: a field reference (a name under properties, a copy_to or alias target), a
// field name being typed under `properties`, a parameter name in a field's mapping, a `type` value, a key of a mapping
// or of a dynamic template. Completion and hover start from here.
import type { FieldRef } from '../../document/fieldRefs';
import type { PropertyNode, Span } from '../../document/model';
import { inside, keyIn } from '../../document/objectKeys';
import { valueOf } from '../../document/objectValue';
import { wordAt } from '../../document/positionContext';
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
  const yaml = doc.type.format === 'yaml';
  const typing = yaml ? yamlTyping(text, offset) : undefined;
  if (typing) {
    const site = yamlSiteAt(text, body.sites, offset, typing.column);
    return site ? { kind: 'key', site, replace: typing.replace, typed: text.slice(typing.replace.start, offset), quoted: false } : NONE;
  }
  let site: KeySite | undefined;
  for (const s of body.sites) {
    const node = s.node;
    // A key with nothing after its colon: only YAML types the value on the lines below.
    if (node.kind === 'invalid' && node.start === node.end && !yaml) continue;
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
  return keyIn<MappingPosition>(text, node, offset, (replace, typed, quoted, key) => ({ kind: 'key', site, replace, typed, quoted, key }), NONE);
}

/** A YAML line holding only indentation and the word being typed up to the caret (nothing after it but the word). */
function yamlTyping(text: string, offset: number): { column: number; replace: Span } | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const match = /^([ \t]*)([\w.@-]*)$/.exec(text.slice(lineStart, offset));
  if (!match) return undefined;
  const nl = text.indexOf('\n', offset);
  const rest = text.slice(offset, nl < 0 ? text.length : nl);
  if (!/^[\w.@-]*[ \t\r]*$/.test(rest)) return undefined;
  const word = /^[\w.@-]*/.exec(rest)![0];
  return { column: match[1].length, replace: { start: offset - match[2].length, end: offset + word.length } };
}

function columnAt(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** The indentation of the line holding an offset. */
function indentAt(text: string, offset: number): number {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0].length;
}

/** Whether every non-blank line starting after `from` and before `to` is indented at least `min` (the block goes on). */
function blockGoesOn(text: string, from: number, to: number, min: number): boolean {
  let at = text.indexOf('\n', from);
  while (at >= 0 && at + 1 < to) {
    const end = text.indexOf('\n', at + 1);
    const line = text.slice(at + 1, end < 0 || end > to ? to : end);
    if (line.trim() !== '' && !line.trim().startsWith('#') && /^[ \t]*/.exec(line)![0].length < min) return false;
    at = end;
  }
  return true;
}

/**
 * The site a YAML key typed at `column` belongs to, by indentation: a block object whose keys stand at that column,
 * or a key with no value yet (or a half-typed scalar) at a smaller column; the closest one before the caret.
 */
function yamlSiteAt(text: string, sites: readonly KeySite[], offset: number, column: number): KeySite | undefined {
  let best: KeySite | undefined;
  let bestStart = -1;
  for (const site of sites) {
    const node = site.node;
    if (node.kind === 'object' && node.properties.length > 0 && text.charAt(node.start) !== '{') {
      const first = node.properties[0].keyTokenSpan.start;
      if (first > offset || columnAt(text, first) !== column || first < bestStart || !blockGoesOn(text, first, offset, column)) continue;
      best = site;
      bestStart = first;
    } else if (site.owner && node.kind !== 'object' && node.kind !== 'array') {
      const owner = site.owner.start;
      const ownerIndent = indentAt(text, owner);
      if (owner > offset || column <= ownerIndent || owner < bestStart || !blockGoesOn(text, owner, offset, ownerIndent + 1)) continue;
      best = site;
      bestStart = owner;
    }
  }
  return best;
}
