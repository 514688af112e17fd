// Hover in a pipeline: a field reference shows the schema's docs (any segment describes the path up to it); a
// processor or option name shows what it does.
import { pipelinePositionAt, refAt } from './pipelinePosition';
import type { PipelineDocument } from './pipelineDocument';
import { resolutionMarkdown } from '../../features/fieldDocs';
import type { HoverResult } from '../../features/types';
import type { PipelineEnv } from './pipelineEnv';

export function hoverPipeline(doc: PipelineDocument, offset: number, env: PipelineEnv): HoverResult | undefined {
  const pos = refAt(doc, offset) ?? pipelinePositionAt(doc, offset, env.processors);
  if (pos.kind === 'ref') {
    const path = pos.ref.path.slice(0, pos.segment + 1);
    const span = pos.ref.segments[pos.segment];
    return { markdown: resolutionMarkdown(path, env.catalog.resolve(path), env.catalog), start: span.start, end: span.end };
  }
  if (pos.kind === 'processorName' && pos.key) {
    const info = env.processors.get(pos.key.key);
    if (!info) return undefined;
    const required = info.required.map((o) => `\`${o.name}\``);
    const lines = [`**${info.name}** · ingest processor`, '', info.description];
    if (required.length > 0) lines.push('', `Required: ${required.join(', ')}`);
    return { markdown: lines.join('\n'), start: pos.key.keySpan.start, end: pos.key.keySpan.end };
  }
  if (pos.kind === 'optionName' && pos.key) {
    const option = env.processors.option(pos.site.name, pos.key.key);
    if (!option) return undefined;
    const lines = [`**${pos.key.key}** · ${pos.site.name} option${option.required ? ' · required' : ''}`, '', option.description];
    if (option.default !== undefined) lines.push('', `Default: \`${JSON.stringify(option.default)}\``);
    if (option.values) lines.push('', `Values: ${option.values.map((v) => `\`${v}\``).join(', ')}`);
    return { markdown: lines.join('\n'), start: pos.key.keySpan.start, end: pos.key.keySpan.end };
  }
  return undefined;
}
