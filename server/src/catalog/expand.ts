// Places every field set where it belongs: top-level sets at their prefix, reuses applied transitively.
import { SourceRef } from './definition';
import { MergedSet, SetField, SetReuse } from './merge';
import { Placement, TreeNode, computeLevels, descendants, ensureNode, joinPath, newRoot, splitPath } from './pathTree';
import { DefinitionProblem, FieldDefinition } from './types';

export interface Expansion {
  root: TreeNode;
  fields: Map<string, FieldDefinition>;
  /** Placement paths per set name, sorted. */
  placements: Map<string, string[]>;
  problems: DefinitionProblem[];
}

/** A root placement other placements can be nested in. */
interface Anchor {
  set: MergedSet;
  ref: SourceRef;
  reuse?: SetReuse;
}

/** A reuse nested somewhere below an anchor: `rel` is the path from the anchor to the nested set. */
interface Attachment {
  set: MergedSet;
  rel: string[];
  reuse: SetReuse;
}

type Flags = Pick<Placement, 'deprecated' | 'beta' | 'description'>;

export function expandSets(sets: readonly MergedSet[]): Expansion {
  const expansion: Expansion = { root: newRoot(), fields: new Map(), placements: new Map(), problems: [] };
  const fieldRefs = new Map<string, SourceRef>();
  const problem = (ref: SourceRef, message: string): void => {
    expansion.problems.push({ ...ref, message });
  };

  const anchors = new Map<string, Anchor>();
  const rootSets: MergedSet[] = [];
  const addAnchor = (path: string, anchor: Anchor): void => {
    const existing = anchors.get(path);
    if (existing) {
      problem(anchor.ref, `'${path}' is already where field set '${existing.set.name}' is placed (${existing.ref.file}${existing.ref.line ? `:${existing.ref.line}` : ''})`);
      return;
    }
    anchors.set(path, anchor);
  };
  for (const set of sets) {
    if (set.prefix === '') rootSets.push(set);
    else if (set.prefix !== undefined) addAnchor(set.prefix, { set, ref: set.ref });
    for (const reuse of set.reuses) {
      if (reuse.def.at === '') addAnchor(reuse.def.as ?? set.name, { set, ref: reuse.ref, reuse });
    }
  }

  const attachments = new Map<string, Attachment[]>();
  for (const set of sets) {
    for (const reuse of set.reuses) {
      if (reuse.def.at === '') continue;
      const segments = splitPath(reuse.def.at);
      const depth = longestAnchor(anchors, segments);
      if (depth === 0) {
        problem({ ...reuse.ref, path: `${reuse.ref.path}/at` }, `reuse target '${reuse.def.at}' names no known field set: nothing is placed at '${segments[0]}'`);
        continue;
      }
      const key = segments.slice(0, depth).join('.');
      const list = attachments.get(key) ?? [];
      list.push({ set, rel: [...segments.slice(depth), reuse.def.as ?? set.name], reuse });
      attachments.set(key, list);
    }
  }

  const addPlacementPath = (set: MergedSet, path: string): void => {
    const list = expansion.placements.get(set.name) ?? [];
    list.push(path);
    expansion.placements.set(set.name, list);
  };

  const addField = (field: SetField, placement: Placement): void => {
    const path = joinPath(placement.path, field.def.name);
    const node = ensureNode(expansion.root, splitPath(path), placement);
    if (node.field) {
      const earlier = fieldRefs.get(path);
      const where = earlier ? `${earlier.file}${earlier.line ? `:${earlier.line}` : ''}` : node.field.origin.file;
      problem({ ...field.ref, path: `${field.ref.path}/name` }, `field '${path}' is already defined by field set '${node.field.origin.fieldSet}' in ${where}`);
      return;
    }
    node.field = makeField(field, path, placement);
    expansion.fields.set(path, node.field);
    fieldRefs.set(path, field.ref);
  };

  // `stack` holds the sets of the nested placements around this one: a set is never expanded inside itself,
  // except once below its own root placement (process.parent, user.target).
  const expand = (set: MergedSet, path: string, flags: Flags, stack: readonly string[], anchorKey: string | undefined, ref: SourceRef): void => {
    const placement: Placement = { set, path, root: anchorKey !== undefined, ...flags };
    const node = ensureNode(expansion.root, splitPath(path), placement);
    if (node.placement && node.placement.set !== set) {
      problem(ref, `'${path}' is already where field set '${node.placement.set.name}' is placed`);
      return;
    }
    node.placement = placement;
    node.owner = placement;
    addPlacementPath(set, path);
    for (const field of set.fields) addField(field, placement);
    const key = anchorKey ?? ownAnchor(set, anchors);
    for (const attachment of (key === undefined ? undefined : attachments.get(key)) ?? []) {
      if (stack.includes(attachment.set.name)) continue;
      ensureNode(expansion.root, [...splitPath(path), ...attachment.rel.slice(0, -1)], placement);
      const reuse = attachment.reuse.def;
      expand(
        attachment.set,
        joinPath(path, ...attachment.rel),
        { deprecated: reuse.deprecated ?? placement.deprecated, beta: reuse.beta ?? placement.beta, description: reuse.description },
        [...stack, attachment.set.name],
        undefined,
        attachment.reuse.ref,
      );
    }
  };

  for (const set of rootSets) {
    const placement: Placement = { set, path: '', root: true };
    addPlacementPath(set, '');
    for (const field of set.fields) addField(field, placement);
  }
  for (const [path, anchor] of [...anchors].sort(([a], [b]) => compare(a, b))) {
    const reuse = anchor.reuse?.def;
    expand(anchor.set, path, { deprecated: reuse?.deprecated, beta: reuse?.beta, description: reuse?.description }, [], path, anchor.ref);
  }

  for (const node of descendants(expansion.root)) {
    if (node.field && node.field.type !== 'object' && node.children.size > 0) {
      const child = [...node.children.values()][0];
      const ref = fieldRefs.get(node.path);
      if (ref) problem({ ...ref, path: `${ref.path}/type` }, `field '${node.path}' is ${node.field.type}, yet '${child.path}' is placed below it; only object fields hold other fields`);
    }
  }
  for (const [name, list] of expansion.placements) expansion.placements.set(name, [...new Set(list)].sort(compare));
  computeLevels(expansion.root);
  expansion.problems = onePerLocation(expansion.problems);
  return expansion;
}

/** How many leading segments name an anchor (0 when none does). */
function longestAnchor(anchors: ReadonlyMap<string, Anchor>, segments: readonly string[]): number {
  for (let depth = segments.length; depth > 0; depth -= 1) {
    if (anchors.has(segments.slice(0, depth).join('.'))) return depth;
  }
  return 0;
}

/** The anchor a nested copy of `set` takes its reuses from: its own prefix, when it is top-level. */
function ownAnchor(set: MergedSet, anchors: ReadonlyMap<string, Anchor>): string | undefined {
  if (!set.prefix) return undefined;
  return anchors.get(set.prefix)?.set === set ? set.prefix : undefined;
}

function makeField(field: SetField, path: string, placement: Placement): FieldDefinition {
  return { path, ...fieldProperties(field, placement.set.name, placement) };
}

/** A field's properties as a definition carries them, with flags inherited from its placement when given. */
export function fieldProperties(field: SetField, fieldSet: string, inherited?: Flags): Omit<FieldDefinition, 'path'> {
  const d = field.def;
  const out: Omit<FieldDefinition, 'path'> = {
    type: d.type,
    level: d.level,
    array: d.array ?? false,
    description: d.description,
    origin: { fieldSet, file: field.file, custom: field.custom },
  };
  const optional: Omit<FieldDefinition, 'path' | 'type' | 'level' | 'array' | 'description' | 'origin'> = {
    allowed: d.allowed,
    recommended: d.recommended,
    pattern: d.pattern,
    patternDescription: d.patternDescription,
    case: d.case,
    min: d.min,
    max: d.max,
    maxLength: d.maxLength,
    scalingFactor: d.scalingFactor,
    multiFields: d.multiFields,
    deprecated: d.deprecated ?? inherited?.deprecated,
    beta: d.beta ?? inherited?.beta,
    index: d.index,
    open: d.open,
    flat: d.flat,
    allowedChildren: d.allowedChildren,
    example: d.example,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** One field placed many times repeats its problem per placement; the author needs it once. */
function onePerLocation(problems: DefinitionProblem[]): DefinitionProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}\u0000${p.line ?? ''}\u0000${p.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
