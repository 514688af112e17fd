// Every field reference of a pipeline body: each field option of each processor (a whole name, a list of names, the
// keys of a field map), the names inside templates, grok and dissect patterns and painless scripts, and the fields a
// processor writes by default when no target is given. Ranges are in the file's own characters (stringOffsets.ts).
import { ownName } from '../../document/compact';
import { NOTATIONS } from '../../document/embedded/notations';
import type { EmbeddedRef } from '../../document/embedded/types';
import { NamedRef, NamedRefDetail, RefAccess, RefRole } from '../../document/fieldRefs';
import type { FileType } from '../../document/fileType';
import { syntaxOf } from '../../document/syntaxes/registry';
import type { ScalarNode, Span, ValueNode } from '../../document/model';
import { decodeString, mapRange, mapSpan, StringSource } from '../../document/syntaxes/stringOffsets';
import type { OptionSpec, ProcessorTable } from '../../catalog/processors';
import { formOf, notationOf } from './optionForms';
import type { PipelineBody, ProcessorSite } from './pipelineBody';
import type { ReadNames } from '../../document/readNames';

/** The role of a reference found in each notation's option. */
const ROLES = { template: 'template', grok: 'pattern', dissect: 'pattern', script: 'script' } as const satisfies Record<string, RefRole>;

/** Names that are never schema fields: ingest metadata and the document's own metadata. */
const METADATA = new Set(['_index', '_id', '_routing', '_version', '_version_type', '_if_seq_no', '_if_primary_term', '_dynamic_templates', '_type', '_ingest']);

/**
 * `reads`: where the names only read go instead of `out` (not those removed, nor literal dotted keys), for a batch's
 * digest (unitsDocument); `out` then holds the rest, in order, each read recording how many references came before it.
 */
export function processorRefs(body: PipelineBody, text: string, type: FileType, table: ProcessorTable, out: NamedRef[], reads?: ReadNames): void {
  const add = new RefSink(text, type, out, reads);
  // Indexed loops: a cold open runs these for thousands of processors, where each `for...of` step makes an iterator result.
  const sites = body.processors;
  for (let s = 0; s < sites.length; s++) {
    const site = sites[s];
    const options = site.options;
    if (options) {
      const properties = options.properties;
      for (let k = 0; k < properties.length; k++) {
        const value = properties[k].value;
        const known = value && table.option(site.name, properties[k].key);
        if (!known || !value) continue;
        add.option(site, properties[k].key, known, value);
      }
    }
    // A processor that works in place (no target given) writes the field it reads: judged as a write too.
    const inPlace = table.get(site.name)?.inPlace;
    if (options && inPlace !== undefined && inPlace.length > 0) {
      for (const write of inPlace) {
        if (options.properties.some((p) => p.key === write.target)) continue;
        const value = options.properties.find((p) => p.key === write.source.name)?.value;
        if (value) add.option(site, write.source.name, write.source, value);
      }
    }
    const writes = table.get(site.name)?.defaultWrites;
    if (writes === undefined || writes.length === 0) continue;
    for (const write of writes) {
      if (write.unless !== undefined && options?.properties.some((p) => p.key === write.unless)) continue;
      const key = site.key.keySpan;
      const path = write.path.split('.');
      const implied = detailOf(site.name, undefined);
      implied.implied = true;
      add.ref(path, repeated(key, path.length), 'name', 'write', implied);
    }
  }
}

class RefSink {
  private readonly syntax;

  constructor(private readonly text: string, type: FileType, private readonly out: NamedRef[], private readonly reads?: ReadNames) {
    this.syntax = syntaxOf(type.format);
  }

  option(site: ProcessorSite, option: string, known: OptionSpec, value: ValueNode): void {
    const form = formOf(known);
    // Most options name no field (`ignore_missing`, `tag`, a set's `value`): passed over before anything is made.
    if (form === 'none') return;
    const detail = detailOf(site.name, option);
    const access: RefAccess = known.access === 'write' ? 'write' : 'read';
    if (known.access === 'remove') detail.removes = true;
    if (known.holds === 'object') detail.object = true;
    switch (form) {
      case 'name':
        this.names(value, access, detail);
        return;
      case 'dottedKey':
        detail.literalDotted = true;
        this.names(value, access, detail);
        return;
      case 'fieldMap':
        if (value.kind === 'object') for (const p of value.properties) this.keyName(p.key, p.keySpan, p.keyTokenSpan, access, detail);
        return;
      case 'grokDefinitions':
        if (value.kind === 'object') for (const p of value.properties) this.embeddedIn(p.value, NOTATIONS.grok.refs, 'pattern', detail);
        return;
      case 'template':
      case 'grok':
      case 'dissect':
      case 'script':
        this.embeddedIn(value, NOTATIONS[notationOf(form)].refs, ROLES[form], detail);
        return;
    }
  }

  /** The names of a value that is one (a string) or a list of them (its strings); no list is made for them. */
  private names(value: ValueNode | undefined, access: RefAccess, detail: NamedRefDetail): void {
    if (value?.kind === 'string') this.name(value, access, detail);
    else if (value?.kind === 'array') for (let i = 0; i < value.items.length; i++) if (value.items[i].kind === 'string') this.name(value.items[i] as ScalarNode, access, detail);
  }

  /** The references inside a string, or inside each string of a list. */
  private embeddedIn(value: ValueNode | undefined, find: (text: string) => EmbeddedRef[], role: RefRole, detail: NamedRefDetail): void {
    if (value?.kind === 'string') this.embedded(value, find, role, detail);
    else if (value?.kind === 'array') for (let i = 0; i < value.items.length; i++) if (value.items[i].kind === 'string') this.embedded(value.items[i] as ScalarNode, find, role, detail);
  }

  /** A whole option value that is one field name; a templated name (`{{service}}.ip`) holds template references instead. */
  private name(node: ScalarNode, access: RefAccess, detail: NamedRefDetail): void {
    const decoded = this.decode(node);
    if (!decoded) return;
    const value = decoded.value;
    if (value.includes('{{')) {
      this.embedded(node, NOTATIONS.mustache.refs, 'template', detail);
      return;
    }
    const names = value.split('.');
    if (detail.literalDotted) {
      const whole = mapRange(decoded, 0, value.length, node.start);
      this.ref(names, repeated(whole, names.length), 'name', access, detail);
      return;
    }
    let at = 0;
    const segments: Span[] = [];
    for (let i = 0; i < names.length; i++) {
      segments.push(mapRange(decoded, at, at + names[i].length, node.start));
      at += names[i].length + 1;
    }
    this.ref(names, segments, 'name', access, detail);
  }

  private keyName(key: string, span: Span, token: Span, access: RefAccess, detail: NamedRefDetail): void {
    const names = key.split('.');
    const exact = span.end - span.start === key.length;
    let at = span.start;
    const segments: Span[] = [];
    for (const n of names) {
      segments.push(exact ? { start: at, end: at + n.length } : { start: token.start, end: token.end });
      at += n.length + 1;
    }
    this.ref(names, segments, 'name', access, detail);
  }

  private embedded(node: ScalarNode, find: (text: string) => EmbeddedRef[], role: RefRole, detail: NamedRefDetail): void {
    const decoded = this.decode(node);
    if (!decoded) return;
    const refs = find(decoded.value);
    for (let k = 0; k < refs.length; k++) {
      const ref = refs[k];
      const segments: Span[] = [];
      for (let i = 0; i < ref.segments.length; i++) segments.push(mapSpan(decoded, ref.segments[i], node.start));
      // The option's detail as it is, unless the reference adds to it (a capture's type, a removal, a dotted key).
      let own = detail;
      if (ref.captureType !== undefined || ref.removes || ref.literalDotted) {
        own = { ...detail };
        if (ref.captureType !== undefined) own.captureType = ownName(ref.captureType);
        if (ref.removes) own.removes = true;
        if (ref.literalDotted) own.literalDotted = true;
      }
      this.ref(ref.path, segments, role, ref.access, own);
    }
  }

  private decode(node: ScalarNode): StringSource | undefined {
    // A JSON string two characters longer than its value has no escapes: its value is the parser's (no slice, no scan).
    const value = node.value;
    if (this.syntax === 'json' && typeof value === 'string' && node.end - node.start === value.length + 2 && (node.style ?? 'double') === 'double'
      && this.text.charCodeAt(node.end - 1) === 34 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
      return { value, from: 1 };
    }
    return decodeString(this.text.slice(node.start, node.end), node.style ?? 'double', this.syntax);
  }

  /**
   * Adds a reference unless it names metadata; a `_source.` prefix is the document itself (the path after it counts).
   * `path` is the sink's to keep: its names are made strings of their own there (interned), for a reference may
   * outlive the text it was read from (a pipeline unit's digest keeps the names it writes).
   */
  ref(path: string[], segments: readonly Span[], role: RefRole, access: RefAccess, detail: NamedRefDetail): void {
    let names = path;
    let spans = segments;
    if (names.length > 1 && names[0] === '_source') {
      names = names.slice(1);
      spans = spans.slice(1);
    }
    if (names.length === 0 || METADATA.has(names[0])) return;
    if (this.reads !== undefined && access === 'read' && !detail.removes && this.plainRead(names, spans, role, detail)) return;
    for (let i = 0; i < names.length; i++) {
      if (names[i] === '') return;
      names[i] = ownName(names[i]);
    }
    if (names.length !== spans.length) spans = repeated({ start: spans[0].start, end: spans[spans.length - 1].end }, names.length);
    this.out.push(new NamedRef(names, spans, role, access, this.out.length, detail));
  }

  /** Adds a name only read to `reads` (no name of its own made, no reference) unless a segment holds a dot; whether it was taken. */
  private plainRead(names: string[], segments: readonly Span[], role: RefRole, detail: NamedRefDetail): boolean {
    for (let i = 0; i < names.length; i++) {
      if (names[i] === '') return true;
      if (names[i].includes('.')) return false;
    }
    const spans = names.length === segments.length ? segments : repeated({ start: segments[0].start, end: segments[segments.length - 1].end }, names.length);
    this.reads!.add(names, spans, role, detail, this.out.length);
    return true;
  }
}

/**
 * A reference's detail with every field present: one shape for all, so that the code reading the details of
 * thousands of references (the digest, the rules, the written view) is not slowed by a dozen shapes of them.
 */
function detailOf(processor: string | undefined, option: string | undefined): NamedRefDetail {
  return { processor, option, captureType: undefined, removes: undefined, literalDotted: undefined, implied: undefined, object: undefined };
}

/**
 * `span` `count` times (one object: spans are never changed). Segment lists are built by push, never by `map`: `map` makes a holey array where it is not
 * optimised and a packed one where it is, and the code reading segments stays optimised only for one array kind.
 */
function repeated(span: Span, count: number): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < count; i++) out.push(span);
  return out;
}


