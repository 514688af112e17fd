// What a path means to the schema: the one answer completion, hover and diagnostics build on.
import { TreeNode, walk } from './pathTree';
import { normalizedVariants } from './suggest';
import { FieldSetInfo, Resolution } from './types';

export interface ResolveContext {
  root: TreeNode;
  setInfo(name: string): FieldSetInfo;
  /** Sets valid only when nested, by name (geo, as, side, ...). */
  nestedOnly: ReadonlyMap<string, FieldSetInfo>;
  suggest(path: string): string[];
}

export function resolvePath(ctx: ResolveContext, segments: readonly string[], withSuggestions = true): Resolution {
  const path = segments.join('.');
  if (segments.length === 0) return { kind: 'object', path: '' };
  const { node, depth } = walk(ctx.root, segments);
  if (depth === segments.length) return resolveNode(ctx, node);
  if (depth === 0) {
    const nested = ctx.nestedOnly.get(segments[0]);
    if (nested) return { kind: 'nestedOnly', fieldSet: nested, validAt: nested.placements };
    return { kind: 'custom', path };
  }
  for (let n: TreeNode | undefined = node; n && n !== ctx.root; n = n.parent) {
    if (n.field?.open) return { kind: 'open', owner: n.path };
  }
  const rest = segments.slice(depth).join('.');
  const allowed = node.field?.allowedChildren;
  if (allowed?.some((child) => child === rest || child.startsWith(`${rest}.`))) return { kind: 'open', owner: node.path };
  const owner = node.owner;
  if (!owner) return { kind: 'custom', path };
  const fieldSet = ctx.setInfo(owner.set.name);
  if (!owner.set.defined) return { kind: 'undefinedSet', fieldSet, path, placement: owner.path };
  if (owner.set.open) return { kind: 'open', owner: owner.path };
  if (owner.set.openNamePattern && node.path === owner.path && depth === segments.length - 1
    && namePattern(owner.set.openNamePattern).test(segments[depth])) {
    return { kind: 'open', owner: owner.path };
  }
  return { kind: 'unknown', path, fieldSet, suggestions: withSuggestions ? suggestionsFor(ctx, path) : [] };
}

const MAX_SUGGESTIONS = 5;

/** A respelling the naming rules accept (`process.hash.SHA3-512` -> `process.hash.sha3_512`) first, then the closest defined paths. */
function suggestionsFor(ctx: ResolveContext, path: string): string[] {
  const accepted = normalizedVariants(path).filter((variant) => {
    if (variant === path) return false;
    const kind = resolvePath(ctx, variant.split('.'), false).kind;
    return kind === 'field' || kind === 'object' || kind === 'open';
  });
  return [...new Set([...accepted, ...ctx.suggest(path)])].slice(0, MAX_SUGGESTIONS);
}

function resolveNode(ctx: ResolveContext, node: TreeNode): Resolution {
  if (node.field) return { kind: 'field', field: node.field };
  const placement = node.placement;
  if (placement && !placement.set.defined) {
    return { kind: 'undefinedSet', fieldSet: ctx.setInfo(placement.set.name), path: node.path, placement: node.path };
  }
  const resolution: Resolution = { kind: 'object', path: node.path };
  if (placement) resolution.fieldSet = ctx.setInfo(placement.set.name);
  if (node.owner?.deprecated) resolution.deprecated = node.owner.deprecated;
  if (node.owner?.beta) resolution.beta = node.owner.beta;
  return resolution;
}

const patterns = new Map<string, RegExp>();

function namePattern(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    patterns.set(source, pattern);
  }
  return pattern;
}
