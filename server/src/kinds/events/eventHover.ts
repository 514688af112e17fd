// Hover on a key (any segment of a dotted key describes the path up to it) or a value: what the schema says about the path.
import type { EventView } from '../../document/fieldRefs';
import { contextAt } from '../../document/positionContext';
import type { FeatureEnv } from '../../features/env';
import { resolutionMarkdown } from '../../features/fieldDocs';
import type { HoverResult } from '../../features/types';

export function hover(view: EventView, offset: number, env: FeatureEnv): HoverResult | undefined {
  const ctx = contextAt(view, offset, env.format === 'yaml' ? 'yaml' : 'json');
  if (ctx.kind === 'key') {
    const path = ctx.ref.path.slice(0, ctx.segment + 1);
    const span = ctx.ref.segments[ctx.segment - ctx.ref.first];
    if (path.some((s) => s === '')) return undefined;
    // On a key's quotes the range grows to hold the caret.
    const range = { start: Math.min(span.start, offset), end: Math.max(span.end, offset) };
    return { markdown: resolutionMarkdown(path, env.catalog.resolve(path), env.catalog), ...range };
  }
  if (ctx.kind === 'value' && ctx.node && ctx.node.start <= offset && offset <= ctx.node.end) {
    const path = ctx.ref.path;
    return { markdown: resolutionMarkdown(path, env.catalog.resolve(path), env.catalog), start: ctx.node.start, end: ctx.node.end };
  }
  return undefined;
}
