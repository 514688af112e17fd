// The processors of a list, read as Beats reads them (schema/beats/processors.yml): each item is one processor (its
// key the name, its value the options) or an if/then/else; dotted keys are nesting (`drop_event.when.and:`,
// `netinfo.enabled: false`), so an option is found part by part of its key. Each option's value is read by its kind:
// field names (whole values, lists, keys of maps, dissect keys, a script's event calls), conditions, nested processors.
import type { BeatsFieldAccess, BeatsOptionSpec } from '../../catalog/beatsProcessors';
import { NamedRef, NamedRefDetail, RefAccess } from '../../document/fieldRefs';
import type { ArrayNode, ObjectNode, PropertyNode, Span, ValueNode } from '../../document/model';
import { readCondition } from './conditionWalk';
import { readTokenizer } from './dissectKeys';
import {
  detailOf, KeySegment, keySegments, NO_PREFIX, OptionEntry, Prefix, ProcessorSite, ReadingBuilder,
} from './beatsReading';
import { readScript } from './scriptCalls';
import { elementsOf } from '../../features/values/values';
import { pathOf } from '../../features/names/spellings';

/** Elastic Agent's own key beside a processor's: a condition on agent variables, evaluated before Beats sees the list. */
export const AGENT_CONDITION = 'condition';

/** How a reference reads the field an access names: `update` writes it back, `remove` reads it away. */
export function refAccess(access: BeatsFieldAccess | undefined): RefAccess {
  return access === 'write' || access === 'update' ? 'write' : 'read';
}

export function readProcessorList(b: ReadingBuilder, list: ArrayNode, key: PropertyNode | undefined): void {
  b.add('lists', { node: list, key });
  for (const item of list.items) readItem(b, item);
}

/** One item of a processors list. */
export function readItem(b: ReadingBuilder, item: ValueNode): void {
  if (item.kind === 'string' && !b.templated(item)) {
    // `- add_locale` written without a colon: a processor being typed.
    const name = String(item.value);
    const span = { start: item.start, end: item.end };
    const key: PropertyNode = { key: name, keySpan: span, keyTokenSpan: span };
    const holder: ObjectNode = { kind: 'object', start: item.start, end: item.end, properties: [key] };
    b.add('processors', { name, key, nameSpan: span, holder, spec: b.table.get(name), options: undefined, entries: [], siblings: [], bare: true, templated: false });
    return;
  }
  if (item.kind !== 'object') return;
  const control = item.properties.find((p) => firstName(p) === 'if');
  if (control) {
    readControl(b, item, control);
    return;
  }
  const properties = item.properties;
  let keys = properties;
  if (properties.length !== 1 || properties[0].key === AGENT_CONDITION || properties[0].key === '' || b.templatedKey(properties[0])) {
    keys = properties.filter((p) => p.key !== AGENT_CONDITION && p.key !== '' && !b.templatedKey(p));
  }
  const names = keys.length > 1 ? keys.map(firstName) : NO_NAMES;
  for (let i = 0; i < keys.length; i++) readProcessor(b, item, keys[i], names);
}

const NO_NAMES: readonly string[] = [];

function firstName(p: PropertyNode): string {
  const dot = p.key.indexOf('.');
  return dot < 0 ? p.key : p.key.slice(0, dot);
}

/** An if/then/else item: a condition, and processors under then and else. */
function readControl(b: ReadingBuilder, holder: ObjectNode, key: PropertyNode): void {
  b.add('controls', { holder, key });
  const options = b.table.control.options;
  for (let i = 0; i < holder.properties.length; i++) {
    const p = holder.properties[i];
    if (p.key === AGENT_CONDITION || p.key === '') continue;
    const segments = keySegments(p);
    const spec = options[segments[0].name];
    if (!spec) {
      b.add('unknownOptions', { span: segments[0].span, name: segments[0].name, known: Object.keys(options), where: 'an if/then/else item' });
      continue;
    }
    if (spec.kind === 'condition') readCondition(b, segments.slice(1), p.value, undefined, p);
    else if (spec.kind === 'processors' && segments.length === 1) {
      if (p.value?.kind === 'array') readProcessorList(b, p.value, undefined);
      else if (p.value?.kind === 'object') readItem(b, p.value);
    }
  }
}

function readProcessor(b: ReadingBuilder, holder: ObjectNode, key: PropertyNode, siblings: readonly string[]): void {
  const segments = keySegments(key);
  const name = segments[0].name;
  const spec = b.table.get(name);
  const value = key.value;
  const options = segments.length === 1 && value?.kind === 'object' ? value : undefined;
  const site: ProcessorSite = {
    name, key, nameSpan: segments[0].span, holder, spec, options, entries: [], siblings, bare: false, templated: value !== undefined && b.templated(value),
  };
  b.add('processors', site);
  // An unknown processor's options are nobody's: not read (its name is the finding).
  if (!spec) return;
  if (segments.length > 1) option(b, site, spec.options, '', segments, 1, key, value, undefined);
  else if (options) {
    if (b.forFeatures) b.add('optionLevels', { node: options, path: '', options: spec.options, site });
    const properties = options.properties;
    for (let i = 0; i < properties.length; i++) if (properties[i].key !== '') option(b, site, spec.options, '', keySegments(properties[i]), 0, properties[i], properties[i].value, undefined);
  }
  readValues(b, site);
  impliedWrites(b, site);
}

/** One option written at `level` (its key's parts from `segments[from]` on), and what lies below it. */
function option(
  b: ReadingBuilder, site: ProcessorSite, level: Readonly<Record<string, BeatsOptionSpec>>, parent: string,
  segments: readonly KeySegment[], from: number, property: PropertyNode, value: ValueNode | undefined, item: ObjectNode | undefined,
): void {
  const segment = segments[from];
  if (b.templated(segment.span)) return;
  const spec = level[segment.name];
  const path = parent ? `${parent}.${segment.name}` : segment.name;
  if (!spec) {
    b.add('unknownOptions', { span: segment.span, name: segment.name, known: Object.keys(level), where: parent ? `the ${site.name} processor's ${parent}` : `the ${site.name} processor` });
    return;
  }
  const more = from + 1 < segments.length;
  if (more && spec.properties) {
    option(b, site, spec.properties, path, segments, from + 1, property, value, item);
    return;
  }
  if (more && spec.kind !== 'condition' && spec.kind !== 'fieldMap') {
    b.add('unknownOptions', { span: segments[from + 1].span, name: segments[from + 1].name, known: [], where: `the ${site.name} processor's ${path}` });
    return;
  }
  const rest = more ? segments.slice(from + 1) : NO_SEGMENTS;
  site.entries.push({ path, spec, keySpan: segment.span, property, value, item, rest });
  if (spec.kind === 'condition') {
    readCondition(b, rest, value, site.name, property);
    return;
  }
  if (!spec.properties || value === undefined || b.templated(value)) return;
  if (spec.kind === 'objects' && value.kind === 'array') {
    for (let i = 0; i < value.items.length; i++) {
      const node = value.items[i];
      if (node.kind === 'object') optionObject(b, site, spec.properties, path, node, node);
    }
  } else if (value.kind === 'object') {
    optionObject(b, site, spec.properties, path, value, spec.kind === 'objects' ? value : item);
  }
}

const NO_SEGMENTS: readonly KeySegment[] = [];

/** The options written in an object at `level` (an option's object, or an item of a list of objects: `owner`). */
function optionObject(
  b: ReadingBuilder, site: ProcessorSite, level: Readonly<Record<string, BeatsOptionSpec>>, path: string, node: ObjectNode, owner: ObjectNode | undefined,
): void {
  if (b.forFeatures) b.add('optionLevels', { node, path, options: level, site });
  const properties = node.properties;
  for (let i = 0; i < properties.length; i++) if (properties[i].key !== '') option(b, site, level, path, keySegments(properties[i]), 0, properties[i], properties[i].value, owner);
}

/** The entry of an option path of a site (in the same `objects` item). */
export function entryAt(site: ProcessorSite, path: string, item: ObjectNode | undefined): OptionEntry | undefined {
  const entries = site.entries;
  for (let i = 0; i < entries.length; i++) if (entries[i].path === path && entries[i].item === item) return entries[i];
  return undefined;
}

/** Whether an option path is written (itself or something below it), in `item` when given. */
export function given(site: ProcessorSite, path: string, item?: ObjectNode): boolean {
  const entries = site.entries;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if ((item === undefined || e.item === item) && (e.path === path || (e.path.length > path.length && e.path.charCodeAt(path.length) === 46 && e.path.startsWith(path)))) return true;
  }
  return false;
}

function parentPath(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(0, dot);
}

/**
 * The names an option's names are put under: its `relativeTo` sibling's value, or that sibling's default (its spans
 * then the option's key, a prefix written nowhere); undefined when they name no event field (`@metadata`, a template).
 */
export function prefixOf(b: ReadingBuilder, site: ProcessorSite, entry: OptionEntry): Prefix | undefined {
  const relative = entry.spec.relativeTo;
  if (relative === undefined) return NO_PREFIX;
  const parent = parentPath(entry.path);
  const siblingPath = parent ? `${parent}.${relative}` : relative;
  const sibling = entryAt(site, siblingPath, entry.item);
  if (sibling) return sibling.value?.kind === 'string' && String(sibling.value.value) === '' && !b.templated(sibling.value) ? NO_PREFIX : b.nameIn(sibling.value);
  const fallback = site.spec && b.table.option(site.name, siblingPath)?.default;
  if (typeof fallback !== 'string' || fallback === '') return NO_PREFIX;
  const names = fallback.split('.');
  if (names[0] === '@metadata') return undefined;
  return { names, spans: names.map(() => entry.keySpan) };
}

/** Reads each option's value by its kind, once all of a processor's options are known (a target may follow its names). */
function readValues(b: ReadingBuilder, site: ProcessorSite): void {
  const renaming = site.name === 'convert' && site.entries.some((e) => e.path === 'mode' && e.value?.kind === 'string' && e.value.value === 'rename');
  const entries = site.entries;
  for (let e = 0; e < entries.length; e++) {
    const entry = entries[e];
    const spec = entry.spec;
    const detail = detailOf(site.name, entry.path);
    if (spec.access === 'remove') detail.removes = true;
    const access = refAccess(spec.access);
    switch (spec.kind) {
      case 'field':
      case 'fields':
      case 'objectPath': {
        const prefix = (entry.prefix = prefixOf(b, site, entry));
        if (!prefix) break;
        // A rename's `from` (and a convert's in rename mode, with a `to`) is taken away as the drops are.
        const moved = entry.path === 'fields.from' && (site.name === 'rename' || (renaming && entryAt(site, 'fields.to', entry.item) !== undefined));
        const value = entry.value;
        if (spec.kind === 'fields' && value?.kind === 'array') {
          for (let i = 0; i < value.items.length; i++) {
            const node = value.items[i];
            if (spec.regexEntries && node.kind === 'string' && /^\/.*\/$/.test(String(node.value))) continue;
            nameValue(b, node, prefix, access, detail, moved);
          }
        } else {
          nameValue(b, value, prefix, access, detail, moved);
        }
        break;
      }
      case 'namePrefix': {
        // `to: rpc.` nests the moved names under rpc; a prefix without a dot only renames them.
        const node = entry.value;
        if (node?.kind === 'string' && String(node.value).endsWith('.') && !b.templated(node)) {
          const found = b.nameIn(node);
          if (found && found.names[found.names.length - 1] === '') b.ref(found.names.slice(0, -1), found.spans.slice(0, -1), 'name', access, detail);
        }
        break;
      }
      case 'fieldMap':
        readFieldMap(b, site, entry);
        break;
      case 'dissectTokenizer':
        readTokenizer(b, site, entry, prefixOf(b, site, entry));
        break;
      case 'script':
        readScript(b, site, entry);
        break;
      default:
        break;
    }
  }
}

/** The reference of a field name written as a value; one taken away is recorded so (`gone`). */
function nameValue(b: ReadingBuilder, node: ValueNode | undefined, prefix: Prefix, access: RefAccess, detail: NamedRefDetail, moved: boolean): void {
  const ref = b.nameRef(node, prefix, access, detail);
  if (ref && (detail.removes || moved)) b.add('gone', { path: ref.joinedPath, at: ref.segments[0].start });
}

/** The keys (and values) of a map of field names: add_fields' `fields`, add_labels' `labels`, dns' `fields`, ... */
function readFieldMap(b: ReadingBuilder, site: ProcessorSite, entry: OptionEntry): void {
  const spec = entry.spec;
  const keys = spec.keys;
  const values = spec.mapValues;
  if (!keys || !values) return;
  const prefix = keys.prefix !== undefined ? { names: [keys.prefix], spans: [entry.keySpan] } : (entry.prefix = prefixOf(b, site, entry));
  if (!prefix) return;
  const detail = detailOf(site.name, entry.path);
  readNameKeys(b, entry.value, prefix, prefix.names.length, {
    access: refAccess(keys.access), flattened: keys.flattened, constants: values.kind === 'value', processor: site.name,
    valueAccess: values.kind === 'field' ? refAccess(values.access) : undefined, detail,
  }, entry.rest);
}

export interface NameKeys {
  access: RefAccess;
  flattened: boolean;
  /** The values are constants written to the fields the keys name. */
  constants: boolean;
  processor: string | undefined;
  /** The values are field names too, read or written. */
  valueAccess: RefAccess | undefined;
  detail: ReturnType<typeof detailOf>;
}

/**
 * The keys of a map that name fields below `prefix` (a nested map continues its key's path), each a reference; `above`
 * the key parts already met (a dotted option key's rest, `fields.event.kind: x`).
 */
export function readNameKeys(b: ReadingBuilder, value: ValueNode | undefined, prefix: Prefix, borrowed: number, how: NameKeys, above: readonly KeySegment[] = []): void {
  if (above.length > 0 && value?.kind !== 'object') {
    nameLeaf(b, above, value, prefix, borrowed, how);
    return;
  }
  if (value?.kind !== 'object' || b.templated(value)) return;
  if (b.forFeatures) b.add('nameLevels', {
    node: value, prefix: { names: [...prefix.names, ...above.map((s) => s.name)], spans: [...prefix.spans, ...above.map((s) => s.span)] },
    access: how.access, flattened: how.flattened, constants: how.constants,
  });
  const properties = value.properties;
  for (let i = 0; i < properties.length; i++) {
    const p = properties[i];
    if (p.key === '' || b.templatedKey(p)) continue;
    const path = above.length === 0 ? keySegments(p) : [...above, ...keySegments(p)];
    if (p.value?.kind === 'object' && !b.templated(p.value)) readNameKeys(b, p.value, prefix, borrowed, how, path);
    else nameLeaf(b, path, p.value, prefix, borrowed, how);
  }
}

function nameLeaf(b: ReadingBuilder, keys: readonly KeySegment[], value: ValueNode | undefined, prefix: Prefix, borrowed: number, how: NameKeys): void {
  let names: string[];
  let spans: Span[];
  const detail = how.detail;
  if (how.flattened) {
    // add_labels: every key below the prefix joins into one key (`labels: {a: {b: 1}}` is the label `a.b`).
    const first = keys[0].span;
    const last = keys[keys.length - 1].span;
    const joined = keys.map((k) => k.name).join('.');
    const oneKey = last.end - first.start === joined.length;
    names = [...prefix.names, joined];
    spans = [...prefix.spans, oneKey ? { start: first.start, end: last.end } : last];
    if (keys.length > 1) b.ref(names, spans, 'name', how.access, { ...detail, literalDotted: true }, borrowed);
    else b.ref(names, spans, 'name', how.access, detail, borrowed);
  } else {
    names = [...prefix.names, ...keys.map((k) => k.name)];
    spans = [...prefix.spans, ...keys.map((k) => k.span)];
    b.ref(names, spans, 'name', how.access, detail, borrowed);
  }
  if (how.valueAccess !== undefined) b.nameRef(value, NO_PREFIX, how.valueAccess, detail);
  else if (how.constants && value && names[0] !== '@metadata' && !b.templated(value)) {
    b.add('values', { path: names, node: value, elements: elementsOf(value).filter((n) => !b.templated(n)), processor: how.processor });
  }
}

/** The fields a processor writes without being told which (metadata it adds, a default target). */
function impliedWrites(b: ReadingBuilder, site: ProcessorSite): void {
  const spec = site.spec;
  if (!spec) return;
  for (let u = 0; u < spec.writes.length; u++) {
    const use = spec.writes[u];
    if (use.unless !== undefined && given(site, use.unless)) continue;
    if (use.onlyWith !== undefined && !enabled(b, site, use.onlyWith)) continue;
    const path = pathOf(use.path);
    let names: string[];
    if (use.relativeTo !== undefined) {
      const target = entryAt(site, use.relativeTo, undefined);
      const under = target ? b.nameIn(target.value)?.names ?? (target.value?.kind === 'string' && target.value.value === '' ? [] : undefined) : defaultNames(b, site, use.relativeTo);
      if (under === undefined) continue;
      names = [...under, ...path];
    } else {
      names = path.slice();
    }
    if (names[0] === '@metadata' || names.some((n) => n === '')) continue;
    const detail = detailOf(site.name, undefined);
    detail.implied = true;
    const spans = names.map(() => site.nameSpan);
    // A default target the configuration may replace (`unless`) is its choice, judged as a name it writes; the rest
    // the processor writes whatever it is told.
    if (use.unless !== undefined) b.ref(names, spans, 'name', 'write', detail);
    else b.add('fixedWrites', new NamedRef(names, spans, 'name', 'write', -1, detail));
  }
}

function defaultNames(b: ReadingBuilder, site: ProcessorSite, path: string): string[] {
  const fallback = b.table.option(site.name, path)?.default;
  return typeof fallback === 'string' && fallback !== '' ? fallback.split('.') : [];
}

/** Whether an option is on: given (a boolean as it says), or a boolean whose default is true. */
function enabled(b: ReadingBuilder, site: ProcessorSite, path: string): boolean {
  const entry = entryAt(site, path, undefined);
  if (entry) return entry.value?.kind === 'boolean' ? entry.value.value === true : true;
  if (given(site, path)) return true;
  return b.table.option(site.name, path)?.default === true;
}
