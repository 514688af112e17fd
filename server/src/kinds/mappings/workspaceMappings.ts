// The code action "Add the mappings of the fields this workspace uses" on a `properties` object: every field the
// workspace's event documents and pipelines write (FeatureEnv.workspace) below that object's path that the mapping
// lacks, each with the schema's mapping (catalog/fieldMapping.ts, as completion and `fieldwise fields` write it), in
// the nesting the file uses: into the objects it already declares, nested (or dotted where its keys are dotted).
// Fields outside the schema have no schema type: they are counted in the title, never guessed.
import { buildFieldMappings, fieldMapping, Mapping } from '../../catalog/fieldMapping';
import type { Catalog, FieldDefinition } from '../../catalog/types';
import type { KeySite, MappedField, MappingBody, MappingDocument } from './mappingDocument';
import type { ObjectNode, Span } from '../../document/model';
import { isFalse } from './mappingRefs';
import { valueOf } from '../../document/objectValue';
import type { KeyEntry, PlainValue } from '../../document/syntaxes/writer';
import { writerFor } from '../../document/syntaxes/writerFor';
import type { FeatureEnv } from '../../features/env';
import type { QuickFix, TextEdit } from '../../features/types';
import type { WorkspaceFields } from '../../features/workspaceFields';
import type { CacheSlot } from '../../features/featureCaches';

/** The workspace-mappings action of one `properties` object, and the workspace state it was made from. */
interface WorkspaceAction {
  catalog: Catalog;
  written: ReadonlySet<string>;
  components: number;
  actions: QuickFix[];
}

/**
 * By `properties` object of a parse: editors ask for code actions at every caret move, and the action reads the
 * whole workspace index; made again when the parse, the index or the catalog changes.
 */
const actionsSlot: CacheSlot<WeakMap<object, WorkspaceAction>> = { name: 'workspace mapping actions', create: () => new WeakMap() };

export const WORKSPACE_MAPPINGS_CODE = 'workspace-mappings';

/** What the workspace writes below a path that the mapping lacks: schema fields to add, names outside the schema left out. */
export interface MissingFields {
  fields: FieldDefinition[];
  leftOut: string[];
}

/** The action on the innermost `properties` object around `range`, when the workspace writes fields it lacks. */
export function workspaceMappingActions(doc: MappingDocument, range: Span, env: FeatureEnv): QuickFix[] {
  const workspace = env.workspace;
  if (!workspace || workspace.files === 0) return [];
  const found = propertiesSiteAt(doc, range);
  if (!found) return [];
  const { body, site, node } = found;
  const written = workspace.written();
  const known = env.caches.slot(actionsSlot).get(node);
  if (known && known.written === written && known.components === workspace.componentsVersion && known.catalog === env.catalog) return known.actions;
  const missing = missingFields(body, site, workspace, env.catalog);
  const edits = missing.fields.length === 0 ? [] : insertionEdits(doc, body, site, node, missing.fields);
  const actions: QuickFix[] = edits.length === 0 ? [] : [{ title: actionTitle(missing), code: WORKSPACE_MAPPINGS_CODE, kind: 'quickfix', edits }];
  env.caches.slot(actionsSlot).set(node, { catalog: env.catalog, written, components: workspace.componentsVersion, actions });
  return actions;
}

/** "Add the mappings of 12 fields this workspace uses (3 fields outside the schema left out: no schema type)". */
export function actionTitle(missing: MissingFields): string {
  const n = missing.fields.length;
  const k = missing.leftOut.length;
  const left = k === 0 ? '' : ` (${k} field${k === 1 ? '' : 's'} outside the schema left out: no schema type)`;
  return `Add the mappings of ${n} field${n === 1 ? '' : 's'} this workspace uses${left}`;
}

/** The innermost `properties` object (not `runtime`) whose braces or key hold the range. */
function propertiesSiteAt(doc: MappingDocument, range: Span): { body: MappingBody; site: KeySite; node: ObjectNode } | undefined {
  let best: { body: MappingBody; site: KeySite; node: ObjectNode } | undefined;
  for (const body of doc.bodies) {
    for (const site of body.sites) {
      const node = site.node;
      if (site.role !== 'properties' || site.runtime || node.kind !== 'object') continue;
      const start = Math.min(site.owner?.start ?? node.start, node.start);
      if (range.start < start || range.end > node.end) continue;
      if (!best || node.end - node.start < best.node.end - best.node.start) best = { body, site, node };
    }
  }
  return best;
}

/** The paths a mapping body maps explicitly: its own fields, and those of the component templates it is composed of. */
function explicitPaths(body: MappingBody, workspace: WorkspaceFields): Set<string> {
  const out = new Set(body.fields.map((f) => f.ref.joinedPath));
  for (const name of body.composedOf) for (const path of workspace.component(name) ?? []) out.add(path);
  return out;
}

/**
 * The workspace's written leaves below the site's path that the body does not map: each a schema field (a name below
 * an open object such as `labels.env` gives its object), or a name outside the schema (left out). A written path
 * that has written paths below it is an object: its leaves speak for it.
 */
export function missingFields(body: MappingBody, site: KeySite, workspace: WorkspaceFields, catalog: Catalog): MissingFields {
  const written = workspace.written();
  const objects = new Set<string>();
  for (const path of written) for (let dot = path.indexOf('.'); dot > 0; dot = path.indexOf('.', dot + 1)) objects.add(path.slice(0, dot));
  const explicit = explicitPaths(body, workspace);
  const prefix = site.path.length > 0 ? `${site.path.join('.')}.` : '';
  const covered = (path: string): boolean => {
    if (explicit.has(path)) return true;
    // Below a field the mapping maps as something else than an object with properties (flattened, enabled: false), nothing is added.
    for (let dot = path.indexOf('.'); dot > 0; dot = path.indexOf('.', dot + 1)) {
      const above = path.slice(0, dot);
      if (explicit.has(above) && leafAbove(body, above)) return true;
    }
    return false;
  };
  const fields = new Map<string, FieldDefinition>();
  const leftOut = new Set<string>();
  for (const path of written) {
    if (objects.has(path) || !path.startsWith(prefix) || path === '') continue;
    const resolution = catalog.resolve(path.split('.'));
    const field = resolution.kind === 'field' ? resolution.field : resolution.kind === 'open' ? catalog.lookup(resolution.owner) : undefined;
    if (resolution.kind === 'object') continue;
    if (!field) {
      if (!covered(path)) leftOut.add(path);
      continue;
    }
    if (!field.path.startsWith(prefix) || fields.has(field.path) || covered(field.path)) continue;
    fields.set(field.path, field);
  }
  const sorted = [...fields.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { fields: sorted, leftOut: [...leftOut].sort() };
}

/** Whether a mapped path holds no fields of its own (a leaf type, or an object not parsed): nothing goes below it. */
function leafAbove(body: MappingBody, path: string): boolean {
  return body.fields.some((f) => f.ref.joinedPath === path && (!f.indexed || (!f.hasProperties && f.type !== undefined && f.type !== 'object' && f.type !== 'nested')));
}

/** Where a field goes: the properties object of the deepest field the site declares on its path, or the site itself. */
interface Target {
  /** The path of the object the entries go below. */
  path: string[];
  /** The object to insert into: a `properties` object, or a field's mapping that has none yet. */
  node: ObjectNode;
  /** The node is a field's mapping: the entries go into a new `properties` key. */
  needsProperties: boolean;
  /** Dotted names stay one key (`subobjects: false`), or the object writes its keys dotted. */
  dotted: boolean;
  fields: FieldDefinition[];
}

/** The edits that add every field, one per object they go into; at one offset, the deeper object's first. */
function insertionEdits(doc: MappingDocument, body: MappingBody, site: KeySite, node: ObjectNode, fields: readonly FieldDefinition[]): TextEdit[] {
  const inSite = body.fields.filter((f) => f.mapping && node.start <= f.ref.pathSpan.start && f.ref.pathSpan.end <= node.end && !f.runtime);
  const targets = new Map<ObjectNode, Target>();
  for (const field of fields) {
    const target = targetOf(field, inSite, site, node);
    const known = targets.get(target.node);
    if (known) known.fields.push(field);
    else targets.set(target.node, target);
  }
  const writer = writerFor(doc.type.format);
  const edits: Array<TextEdit & { depth: number }> = [];
  for (const target of targets.values()) {
    const entries = entriesOf(target);
    const edit = target.needsProperties
      ? writer.insertKey(doc.text, target.node, ['properties'], Object.fromEntries(entries.map((e) => [e.path[0], e.data])))
      : writer.insertKeys(doc.text, target.node, entries);
    if (edit) edits.push({ ...edit, depth: target.path.length });
  }
  return edits
    .sort((a, b) => a.start - b.start || b.depth - a.depth)
    .map(({ start, end, newText }) => ({ start, end, newText }));
}

function targetOf(field: FieldDefinition, declared: readonly MappedField[], site: KeySite, node: ObjectNode): Target {
  let best: MappedField | undefined;
  for (const f of declared) {
    if (!field.path.startsWith(`${f.ref.joinedPath}.`)) continue;
    if (!best || f.ref.depth > best.ref.depth) best = f;
  }
  if (best?.mapping) {
    const properties = valueOf(best.mapping, 'properties');
    const flat = site.flat || isFalse(valueOf(best.mapping, 'subobjects'));
    if (properties?.kind === 'object') return { path: best.ref.path, node: properties, needsProperties: false, dotted: flat || dottedStyle(properties), fields: [field] };
    return { path: best.ref.path, node: best.mapping, needsProperties: true, dotted: flat, fields: [field] };
  }
  return { path: site.path, node, needsProperties: false, dotted: site.flat || dottedStyle(node), fields: [field] };
}

/** An object most of whose keys are dotted (`"source.ip": {...}`) is written so: new names follow. */
function dottedStyle(node: ObjectNode): boolean {
  const keys = node.properties.filter((p) => p.key !== '');
  return keys.length > 0 && keys.filter((p) => p.key.includes('.')).length * 2 > keys.length;
}

/** The entries a target receives: the schema's mappings of its fields, nested below it (or each by its dotted name). */
function entriesOf(target: Target): KeyEntry[] {
  const depth = target.path.length;
  if (target.dotted) {
    return target.fields.map((f) => ({ path: [f.path.split('.').slice(depth).join('.')], data: fieldMapping(f) as PlainValue }));
  }
  let level: Record<string, Mapping> = buildFieldMappings(target.fields).properties;
  for (const name of target.path) level = (level[name]?.properties ?? {}) as Record<string, Mapping>;
  return Object.entries(level).map(([name, mapping]) => ({ path: [name], data: mapping as PlainValue }));
}
