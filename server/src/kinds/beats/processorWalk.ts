// The processors of a list, read as Beats reads them (schema/beats/processors.yml): each item is one processor (its
// key the name, its value the options) or an if/then/else; dotted keys are nesting (`drop_event.when.and:`,
// `netinfo.enabled: false`), so an option is found part by part of its key. Each option's value is read by its kind:
// field names (whole values, lists, keys of maps, dissect keys, a script's event calls), conditions, nested processors.
import type { BeatsFieldAccess, BeatsOptionSpec } from '../../catalog/beatsProcessors';
import { NamedRef, RefAccess } from '../../document/fieldRefs';
import type { ArrayNode, ObjectNode, PropertyNode, Span, ValueNode } from '../../document/model';
import { readCondition } from './conditionWalk';
import { readTokenizer } from './dissectKeys';
import {
  detailOf, KeySegment, keySegments, NO_PREFIX, OptionEntry, Prefix, ProcessorSite, ReadingBuilder,
} from './beatsReading';
import { readScript } from './scriptCalls';

/** Elastic Agent's own key beside a processor's: a condition on agent variables, evaluated before Beats sees the list. */
export const AGENT_CONDITION = 'condition';

/** How a reference reads the field an access names: `update` writes it back, `remove` reads it away. */
export function refAccess(access: BeatsFieldAccess | undefined): RefAccess {
  return access === 'write' || access === 'update' ? 'write' : 'read';
}

export function readProcessorList(b: ReadingBuilder, list: ArrayNode, key: PropertyNode | undefined): void {
  b.reading.lists.push({ node: list, key });
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
    b.reading.processors.push({ name, key, nameSpan: span, holder, spec: b.table.get(name), options: undefined, entries: [], siblings: [], bare: true, templated: false });
    return;
  }
  if (item.kind !== 'object') return;
  const control = item.properties.find((p) => firstName(p) === 'if');
  if (control) {
    readControl(b, item, control);
    return;
  }
  const keys = item.properties.filter((p) => p.key !== AGENT_CONDITION && p.key !== '' && !b.templated(p.keySpan));
  const names = keys.length > 1 ? keys.map(firstName) : [];
  for (const key of keys) readProcessor(b, item, key, names);
}

function firstName(p: PropertyNode): string {
  const dot = p.key.indexOf('.');
  return dot < 0 ? p.key : p.key.slice(0, dot);
}

/** An if/then/else item: a condition, and processors under then and else. */
function readControl(b: ReadingBuilder, holder: ObjectNode, key: PropertyNode): void {
  b.reading.controls.push({ holder, key });
  const options = b.table.control.options;
  for (const p of holder.properties) {
    if (p.key === AGENT_CONDITION || p.key === '') continue;
    const segments = keySegments(p);
    const spec = options[segments[0].name];
    if (!spec) {
      b.reading.unknownOptions.push({ span: segments[0].span, name: segments[0].name, known: Object.keys(options), where: 'an if/then/else item' });
      continue;
    }
    if (spec.kind === 'condition') readCondition(b, segments.slice(1), p.value, undefined);
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
  b.reading.processors.push(site);
  // An unknown processor's options are nobody's: not read (its name is the finding).
  if (!spec) return;
  if (segments.length > 1) option(b, site, spec.options, '', segments.slice(1), key, value, undefined);
  else if (options) {
    b.reading.optionLevels.push({ node: options, path: '', options: spec.options, site });
    for (const p of options.properties) if (p.key !== '') option(b, site, spec.options, '', keySegments(p), p, p.value, undefined);
  }
  readValues(b, site);
  impliedWrites(b, site);
}

/** One option written at `level` (its key's parts in `segments`), and what lies below it. */
function option(
  b: ReadingBuilder, site: ProcessorSite, level: Readonly<Record<string, BeatsOptionSpec>>, parent: string,
  segments: readonly KeySegment[], property: PropertyNode, value: ValueNode | undefined, item: ObjectNode | undefined,
): void {
  const [segment, ...rest] = segments;
  if (b.templated(segment.span)) return;
  const spec = level[segment.name];
  const path = parent ? `${parent}.${segment.name}` : segment.name;
  if (!spec) {
    b.reading.unknownOptions.push({ span: segment.span, name: segment.name, known: Object.keys(level), where: parent ? `${site.name}'s ${parent}` : `the ${site.name} processor` });
    return;
  }
  if (rest.length > 0 && spec.properties) {
    option(b, site, spec.properties, path, rest, property, value, item);
    return;
  }
  if (rest.length > 0 && spec.kind !== 'condition' && spec.kind !== 'fieldMap') {
    b.reading.unknownOptions.push({ span: rest[0].span, name: rest[0].name, known: [], where: `${site.name}'s ${path}` });
    return;
  }
  site.entries.push({ path, spec, keySpan: segment.span, property, value, item, rest });
  if (spec.kind === 'condition') {
    readCondition(b, rest, value, site.name);
    return;
  }
  if (!spec.properties || b.templated(value ?? segment.span)) return;
  const items = spec.kind === 'objects' ? (value?.kind === 'array' ? value.items : value?.kind === 'object' ? [value] : []) : value?.kind === 'object' ? [value] : [];
  for (const node of items) {
    if (node.kind !== 'object') continue;
    const owner = spec.kind === 'objects' ? node : item;
    b.reading.optionLevels.push({ node, path, options: spec.properties, site });
    for (const p of node.properties) if (p.key !== '') option(b, site, spec.properties, path, keySegments(p), p, p.value, owner);
  }
}

/** The entry of an option path of a site (in the same `objects` item). */
export function entryAt(site: ProcessorSite, path: string, item: ObjectNode | undefined): OptionEntry | undefined {
  return site.entries.find((e) => e.path === path && e.item === item);
}

/** Whether an option path is written (itself or something below it), in `item` when given. */
export function given(site: ProcessorSite, path: string, item?: ObjectNode): boolean {
  return site.entries.some((e) => (item === undefined || e.item === item) && (e.path === path || e.path.startsWith(`${path}.`)));
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
  for (const entry of site.entries) {
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
        for (const node of spec.kind === 'fields' && entry.value?.kind === 'array' ? entry.value.items : [entry.value]) {
          if (spec.regexEntries && node?.kind === 'string' && /^\/.*\/$/.test(String(node.value))) continue;
          const ref = b.nameRef(node, prefix, access, detail);
          // A rename's `from` (and a convert's in rename mode, with a `to`) is taken away as the drops are.
          const moved = entry.path === 'fields.from' && (site.name === 'rename' || (renaming && entryAt(site, 'fields.to', entry.item) !== undefined));
          if (ref && (detail.removes || moved)) b.reading.gone.push({ path: ref.joinedPath, at: ref.segments[0].start });
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
  b.reading.nameLevels.push({
    node: value, prefix: { names: [...prefix.names, ...above.map((s) => s.name)], spans: [...prefix.spans, ...above.map((s) => s.span)] },
    access: how.access, flattened: how.flattened, constants: how.constants,
  });
  for (const p of value.properties) {
    if (p.key === '' || b.templated(p.keySpan)) continue;
    const path = [...above, ...keySegments(p)];
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
  else if (how.constants && value && names[0] !== '@metadata') b.reading.values.push({ path: names, node: value, processor: how.processor });
}

/** The fields a processor writes without being told which (metadata it adds, a default target). */
function impliedWrites(b: ReadingBuilder, site: ProcessorSite): void {
  const spec = site.spec;
  if (!spec) return;
  for (const use of spec.writes) {
    if (use.unless !== undefined && given(site, use.unless)) continue;
    if (use.onlyWith !== undefined && !enabled(b, site, use.onlyWith)) continue;
    let names = use.path.split('.');
    if (use.relativeTo !== undefined) {
      const target = entryAt(site, use.relativeTo, undefined);
      const under = target ? b.nameIn(target.value)?.names ?? (target.value?.kind === 'string' && target.value.value === '' ? [] : undefined) : defaultNames(b, site, use.relativeTo);
      if (under === undefined) continue;
      names = [...under, ...names];
    }
    if (names[0] === '@metadata' || names.some((n) => n === '')) continue;
    const detail = detailOf(site.name, undefined);
    detail.implied = true;
    const spans = names.map(() => site.nameSpan);
    // A default target the configuration may replace (`unless`) is its choice, judged as a name it writes; the rest
    // the processor writes whatever it is told.
    if (use.unless !== undefined) b.ref(names, spans, 'name', 'write', detail);
    else b.reading.fixedWrites.push(new NamedRef(names, spans, 'name', 'write', -1, detail));
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
