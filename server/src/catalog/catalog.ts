// The Catalog over expanded definitions: lookup, resolve, children, fields, sets and suggestions.
import { Expansion, compare, fieldProperties } from './expand';
import { MergedSet } from './merge';
import { TreeNode, walk } from './pathTree';
import { PathMemo } from './pathMemo';
import { ResolveContext, resolvePath } from './resolve';
import { SuggestCandidate, suggestPaths } from './suggest';
import { Catalog, ChildEntry, FieldDefinition, FieldSetInfo, Resolution, SchemaPlace } from './types';

/** The schema version events carry in `schema.version`. */
export const SCHEMA_VERSION = '1.11.0';

export class FieldCatalog implements Catalog {
  readonly version = SCHEMA_VERSION;
  readonly customFieldCount: number;
  private readonly root: TreeNode;
  private readonly byPath: ReadonlyMap<string, FieldDefinition>;
  private readonly sorted: FieldDefinition[];
  private readonly sets: Map<string, FieldSetInfo>;
  private readonly context: ResolveContext;
  private candidates?: SuggestCandidate[];
  private readonly memo: PathMemo;

  constructor(sets: readonly MergedSet[], expansion: Expansion) {
    this.root = expansion.root;
    this.byPath = expansion.fields;
    this.sorted = [...expansion.fields.values()].sort((a, b) => compare(a.path, b.path));
    this.customFieldCount = this.sorted.filter((f) => f.origin.custom).length;
    this.sets = new Map(sets.map((set) => [set.name, setInfo(set, expansion.placements.get(set.name) ?? [])]));
    const nestedOnly = new Map([...this.sets.values()].filter((s) => !s.topLevel).map((s) => [s.name, s]));
    this.context = {
      root: this.root,
      setInfo: (name) => this.sets.get(name) as FieldSetInfo,
      nestedOnly,
      suggest: (path) => this.suggest(path),
    };
    this.memo = new PathMemo({ resolve: (segments) => resolvePath(this.context, segments), children: (segments) => this.computeChildren(segments) });
  }

  lookup(path: string): FieldDefinition | undefined {
    return this.byPath.get(path);
  }

  resolve(path: readonly string[]): Resolution {
    return this.memo.place(path).resolution;
  }

  children(prefix: readonly string[]): readonly ChildEntry[] {
    return this.memo.place(prefix).children;
  }

  place(path: readonly string[]): SchemaPlace {
    return this.memo.place(path);
  }

  fieldSet(name: string): FieldSetInfo | undefined {
    return this.sets.get(name);
  }

  private computeChildren(prefix: readonly string[]): ChildEntry[] {
    const { node, depth } = walk(this.root, prefix);
    if (depth < prefix.length) return [];
    return [...node.children.values()]
      .sort((a, b) => compare(a.name, b.name))
      .map((child) => this.entry(child));
  }

  fields(): FieldDefinition[] {
    return [...this.sorted];
  }

  fieldSets(): FieldSetInfo[] {
    return [...this.sets.values()].sort((a, b) => compare(a.name, b.name));
  }

  suggest(path: string, max = 5): string[] {
    this.candidates ??= this.suggestCandidates();
    return suggestPaths(path, this.candidates, max);
  }

  private suggestCandidates(): SuggestCandidate[] {
    const out: SuggestCandidate[] = [];
    const visit = (node: TreeNode): void => {
      for (const child of node.children.values()) {
        const deprecated = Boolean(child.field?.deprecated ?? child.owner?.deprecated);
        out.push({ path: child.path, deprecated });
        visit(child);
      }
    };
    visit(this.root);
    return out;
  }

  private entry(node: TreeNode): ChildEntry {
    const placement = node.placement;
    const entry: ChildEntry = {
      name: node.name,
      path: node.path,
      kind: node.field ? 'field' : 'object',
      // An empty placement (an undefined set) has no level of its own; it is not core.
      level: node.level ?? 'extended',
      description: node.field?.description ?? placement?.description ?? (placement ? placement.set.description : ''),
    };
    if (node.field) entry.field = node.field;
    if (placement) entry.fieldSet = this.sets.get(placement.set.name);
    const deprecated = node.field ? node.field.deprecated : node.owner?.deprecated;
    const beta = node.field ? node.field.beta : node.owner?.beta;
    if (deprecated) entry.deprecated = deprecated;
    if (beta) entry.beta = beta;
    return entry;
  }
}

function setInfo(set: MergedSet, placements: string[]): FieldSetInfo {
  const info: FieldSetInfo = {
    name: set.name,
    title: set.title,
    description: set.description,
    defined: set.defined,
    topLevel: set.topLevel,
    placements,
    file: set.file,
    custom: set.custom,
    fields: set.fields.map((field) => ({ name: field.def.name, ...fieldProperties(field, set.name) })),
  };
  if (set.prefix !== undefined) info.prefix = set.prefix;
  if (set.open) info.open = true;
  if (set.openNamePattern) info.openNamePattern = set.openNamePattern;
  if (set.mentioned.length > 0) info.mentioned = set.mentioned;
  return info;
}
