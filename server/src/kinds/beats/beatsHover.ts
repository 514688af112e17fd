// Hover in a Beats configuration: a field reference shows the schema's docs and level (any segment describes the path
// up to it); a processor, an option, a condition or an if/then/else key shows what it does.
import type { BeatsOptionSpec } from '../../catalog/beatsProcessors';
import type { Span } from '../../document/model';
import { resolutionMarkdown } from '../../features/fieldDocs';
import type { HoverResult } from '../../features/types';
import { BeatsDocument, pieceAt } from './beatsDocument';
import type { BeatsEnv } from './beatsEnv';
import { refAt } from './beatsPosition';
import type { BeatsReading } from './beatsReading';

export function hoverBeats(doc: BeatsDocument, offset: number, env: BeatsEnv): HoverResult | undefined {
  const piece = pieceAt(doc, offset);
  const found = hoverAt(piece.reading, offset - piece.at, env);
  return found && { markdown: found.markdown, start: found.start + piece.at, end: found.end + piece.at };
}

function within(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end && span.end > span.start;
}

function hoverAt(reading: BeatsReading, offset: number, env: BeatsEnv): HoverResult | undefined {
  const ref = refAt(reading, offset);
  if (ref) {
    const path = ref.ref.path.slice(0, ref.segment + 1);
    const span = ref.ref.segments[ref.segment];
    return { markdown: resolutionMarkdown(path, env.catalog.resolve(path), env.catalog), start: span.start, end: span.end };
  }
  const table = env.beats;
  for (const site of reading.processors) {
    if (within(site.nameSpan, offset) && site.spec) {
      const spec = site.spec;
      const required = spec.required.filter((o) => !o.common).map((o) => `\`${o.name}\``);
      const lines = [`**${spec.name}** · Beats processor${spec.maturity ? ` · ${spec.maturity}` : ''}`, '', spec.description];
      if (required.length > 0) lines.push('', `Required: ${required.join(', ')}`);
      lines.push('', `[Reference](${spec.docsUrl})`);
      return { markdown: lines.join('\n'), ...site.nameSpan };
    }
    for (const entry of site.entries) if (within(entry.keySpan, offset)) return { markdown: optionMarkdown(site.name, entry.spec), ...entry.keySpan };
  }
  for (const control of reading.controls) {
    if (within(control.key.keySpan, offset)) return { markdown: `**if** · if / then / else\n\n${table.control.description}\n\n[Reference](${table.control.docsUrl})`, ...control.key.keySpan };
  }
  for (const key of reading.conditionKeys) {
    const condition = table.condition(key.name);
    if (condition && within(key.span, offset)) return { markdown: `**${condition.name}** · condition\n\n${condition.description}\n\n[Reference](${table.conditionsDocsUrl})`, ...key.span };
  }
  return undefined;
}

function optionMarkdown(processor: string, option: BeatsOptionSpec): string {
  const lines = [`**${option.path}** · ${option.common ? 'option of every processor' : `${processor} option`}${option.required ? ' · required' : ''}`, '', option.description];
  if (option.default !== undefined) lines.push('', `Default: \`${JSON.stringify(option.default)}\``);
  if (option.defaultFrom !== undefined) lines.push('', `Default: the value of \`${option.defaultFrom}\``);
  if (option.values) lines.push('', `Values: ${option.values.map((v) => `\`${v}\``).join(', ')}`);
  return lines.join('\n');
}
