// "What is at this offset" in a pipeline: a field reference, a place where a field name is typed inside a string,
// a processor name, an option name, or an option's value. Completion and hover start from here.
import { NOTATIONS } from '../../document/embedded/notations';
import type { NameSite } from '../../document/embedded/types';
import type { NamedRef } from '../../document/fieldRefs';
import { syntaxOf } from '../../document/syntaxes/registry';
import type { PropertyNode, ScalarNode, Span, ValueNode } from '../../document/model';
import { wordAt } from '../../document/positionContext';
import { decodedOffsetAt, decodeString, mapSpan } from '../../document/syntaxes/stringOffsets';
import type { PipelineBody, ProcessorSite } from './pipelineBody';
import { bodyAt, PipelineDocument } from './pipelineDocument';
import type { ProcessorTable } from '../../catalog/processors';
import { formOf, notationOf, OptionForm } from './optionForms';
import { inside, keyIn } from '../../document/objectKeys';

export type PipelinePosition =
  /** On an existing reference; `segment` indexes `ref.path`. */
  | { kind: 'ref'; ref: NamedRef; segment: number }
  /**
   * Inside a string where a field name is typed: `replace` is the whole name, `typed` what precedes the caret; with
   * `parent` (a script spelling the path in parts) both cover the one segment being typed below `parent`.
   */
  | { kind: 'fieldName'; replace: Span; typed: string; processor: string; option: string; parent?: string[] }
  /** Where a processor's name is typed: a key of a processor list's item (`key`), or a bare item being typed (`bare`). */
  | { kind: 'processorName'; replace: Span; typed: string; quoted: boolean; key?: PropertyNode; bare?: boolean }
  /** Where an option's name is typed inside a processor's options. */
  | { kind: 'optionName'; replace: Span; typed: string; quoted: boolean; site: ProcessorSite; key?: PropertyNode }
  /** On an option's value that is not a field name (`set.value`). */
  | { kind: 'optionValue'; site: ProcessorSite; option: string; node: ValueNode | undefined; replace: Span }
  | { kind: 'none' };

const NONE: PipelinePosition = { kind: 'none' };

export function pipelinePositionAt(doc: PipelineDocument, offset: number, table: ProcessorTable): PipelinePosition {
  const body = bodyAt(doc, offset);
  if (!body) return NONE;
  const inString = siteInOptions(doc, body, offset, table);
  if (inString) return inString;
  return refAt(doc, offset) ?? keySite(doc, body, offset);
}

/** The reference with a segment at the offset (hover asks this first: a name is described before it is completed). */
export function refAt(doc: PipelineDocument, offset: number): Extract<PipelinePosition, { kind: 'ref' }> | undefined {
  for (const ref of doc.refs) {
    const i = ref.segments.findIndex((s) => s.start <= offset && offset <= s.end);
    if (i >= 0 && ref.segments[i].end > ref.segments[i].start && !ref.detail.implied) return { kind: 'ref', ref, segment: i };
  }
  return undefined;
}

/** A string value of a processor's option holding the caret. */
function siteInOptions(doc: PipelineDocument, body: PipelineBody, offset: number, table: ProcessorTable): PipelinePosition | undefined {
  for (const site of body.processors) {
    const options = site.options;
    if (!options || offset < options.start || offset > options.end) continue;
    for (const property of options.properties) {
      const string = stringAt(property.value, offset);
      if (!string) continue;
      const known = table.option(site.name, property.key);
      if (!known) return { kind: 'optionValue', site, option: property.key, node: string, replace: { start: string.start, end: string.end } };
      return stringSite(doc, site, property.key, formOf(known), string, offset);
    }
  }
  return undefined;
}

function stringSite(doc: PipelineDocument, site: ProcessorSite, option: string, form: OptionForm, node: ScalarNode, offset: number): PipelinePosition | undefined {
  const raw = doc.text.slice(node.start, node.end);
  const decoded = decodeString(raw, node.style ?? 'double', syntaxOf(doc.type.format));
  if (!decoded) return undefined;
  const value = decoded.value;
  const local = decodedOffsetAt(decoded, offset - node.start);
  const at = (span: Span): Span => mapSpan(decoded, span, node.start);
  if (form === 'name' || form === 'dottedKey') {
    if (value.includes('{{')) return inEmbedded(NOTATIONS.mustache.siteAt, value, local, at, site, option);
    return { kind: 'fieldName', replace: at({ start: 0, end: value.length }), typed: value.slice(0, local), processor: site.name, option };
  }
  const find = form === 'template' || form === 'grok' || form === 'grokDefinitions' || form === 'dissect' || form === 'script' ? NOTATIONS[notationOf(form)].siteAt : undefined;
  const whole: PipelinePosition = { kind: 'optionValue', site, option, node, replace: { start: node.start, end: node.end } };
  // Outside a `{{...}}` a template option's text is its value (set.value's allowed values are offered there).
  if (find) return inEmbedded(find, value, local, at, site, option) ?? (form === 'template' ? whole : NONE);
  return whole;
}

function inEmbedded(find: (text: string, offset: number) => NameSite | undefined, value: string, local: number, at: (s: Span) => Span, site: ProcessorSite, option: string): PipelinePosition | undefined {
  const found = find(value, local);
  return found && { kind: 'fieldName', replace: at(found.replace), typed: found.typed, processor: site.name, option, parent: found.parent };
}

function stringAt(value: ValueNode | undefined, offset: number): ScalarNode | undefined {
  if (!value) return undefined;
  if (value.kind === 'string' && value.start < offset + (value.style === 'plain' || value.style === 'block' ? 1 : 0) && offset < value.end + (value.style === 'plain' ? 1 : 0)) return value;
  if (value.kind === 'array') for (const item of value.items) {
    const found = stringAt(item, offset);
    if (found) return found;
  }
  return undefined;
}

/** A key position: a processor's name in a processor list's item, or an option's name inside a processor's options. */
function keySite(doc: PipelineDocument, body: PipelineBody, offset: number): PipelinePosition {
  const text = doc.text;
  // Innermost first: options of a processor hold the caret.
  let best: PipelinePosition = NONE;
  let bestSize = Infinity;
  for (const site of body.processors) {
    const options = site.options;
    if (options && inside(text, options, offset) && options.end - options.start < bestSize) {
      bestSize = options.end - options.start;
      const pending = options.properties.find((p) => p.colon !== undefined && offset > p.colon && (!p.value || p.value.kind === 'null') && !text.slice(p.colon, offset).includes('\n'));
      if (pending) {
        best = { kind: 'optionValue', site, option: pending.key, node: undefined, replace: wordAt(text, offset) };
        continue;
      }
      best = keyIn(text, options, offset, (replace, typed, quoted, key) => ({ kind: 'optionName', replace, typed, quoted, site, key }), NONE);
    }
  }
  if (best.kind !== 'none') return best;
  for (const list of body.lists) {
    if (!inside(text, list, offset)) continue;
    const item = list.items.find((i) => i.start <= offset && offset <= i.end);
    if (item?.kind === 'object') {
      const key = item.properties[0];
      if (key && key.value && offset > key.keyTokenSpan.end) continue;
      return keyIn(text, item, offset, (replace, typed, quoted, k) => ({ kind: 'processorName', replace, typed, quoted, key: k }), NONE);
    }
    if (item?.kind === 'string' || !item) {
      const replace = wordAt(text, offset);
      return { kind: 'processorName', replace, typed: text.slice(replace.start, offset), quoted: text.charCodeAt(replace.start - 1) === 34, bare: true };
    }
  }
  return NONE;
}
