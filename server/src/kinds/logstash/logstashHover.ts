// Hover in a Logstash config: a field reference shows the schema's docs of the path up to the segment under the caret
// (a `[@metadata]` one says it is Logstash's own; a dotted bare name says how Logstash reads it); a plugin's name what it
// does and what it writes without naming it in its ECS mode; a setting's name what the option does; a named grok
// pattern the fields it captures.
import type { GrokPatternSet, LogstashPluginTable } from '../../catalog/logstashPlugins';
import { code, resolutionMarkdown } from '../../features/fieldDocs';
import type { FeatureEnv } from '../../features/env';
import type { HoverResult } from '../../features/types';
import type { ConfigRef, ConfigRefs, PluginSite } from './configRefs';
import { optionMarkdown } from './logstashCompletion';
import { optionOf } from './logstashPosition';
import { bracketForm } from './refs/fieldReference';
import { grokCaptures } from './refs/grokCaptures';

export function hoverLogstash(offset: number, env: FeatureEnv, table: LogstashPluginTable, found: ConfigRefs): HoverResult | undefined {
  const ref = refAt(found.refs, offset);
  if (ref) return refHover(ref, offset, env);
  for (const site of found.sites) {
    const node = site.node;
    if (offset < node.start || offset > node.end) continue;
    if (offset >= node.nameSpan.start && offset <= node.nameSpan.end) return pluginHover(site, found.refs);
    for (const a of node.attributes) {
      if (offset < a.nameSpan.start || offset > a.nameSpan.end) continue;
      const option = optionOf(table, site.section, node.name, a.name);
      if (!option) return undefined;
      const how = option.common ? `every ${site.section}'s option` : `${node.name} option`;
      return { markdown: `**${a.name}** · ${how}${option.required ? ' · required' : ''}\n\n${optionMarkdown(option)}`, start: a.nameSpan.start, end: a.nameSpan.end };
    }
    const pattern = grokPatternAt(site, offset, table);
    if (pattern) return pattern;
  }
  return undefined;
}

/** The reference whose written text holds the offset (not one written by default: it has no text of its own). */
export function refAt(refs: readonly ConfigRef[], offset: number): ConfigRef | undefined {
  for (const r of refs) {
    const span = r.written?.span;
    if (!span || r.ref.detail.implied || offset < span.start || offset > span.end) continue;
    return r;
  }
  return undefined;
}

function refHover(r: ConfigRef, offset: number, env: FeatureEnv): HoverResult | undefined {
  const written = r.written!;
  if (written.problem !== undefined) return { markdown: `Logstash rejects this field reference: ${written.problem}.`, start: written.span.start, end: written.span.end };
  if (r.metadata) {
    return {
      markdown: `${code(bracketForm(r.ref.path))} · Logstash metadata\n\nFields under \`[@metadata]\` live only inside Logstash: outputs never send them, so they are no schema field.`,
      start: written.span.start, end: written.span.end,
    };
  }
  // The segment under the caret: the docs of the path up to it.
  let segment = r.ref.segments.length - 1;
  if (written.form === 'bracket') {
    const at = written.segments.findIndex((s) => offset >= s.start - 1 && offset <= s.end + 1);
    if (at >= 0) segment = Math.min(at + (r.ref.path.length - written.segments.length), r.ref.path.length - 1);
  }
  const path = r.ref.path.slice(0, segment + 1);
  const span = written.form === 'bracket' ? written.segments[Math.max(0, segment - (r.ref.path.length - written.segments.length))] : written.span;
  let markdown = resolutionMarkdown(path, env.catalog.resolve(path), env.catalog);
  if (written.form === 'bare' && r.ref.detail.literalDotted) {
    markdown += `\n\nLogstash reads ${code(written.segments[0].name)} as one top-level field with dots in its name; the nested field is ${code(bracketForm(r.ref.path))}.`;
  }
  return { markdown, start: span.start, end: span.end };
}

function pluginHover(site: PluginSite, refs: readonly ConfigRef[]): HoverResult {
  const node = site.node;
  const spec = site.spec;
  const lines: string[] = [];
  if (!spec) {
    lines.push(`**${node.name}** · Logstash ${site.section ?? 'plugin'}`, '', 'Fieldwise does not model this plugin: it reads the sprintf references of its settings (and, for a filter, the options every filter takes).');
  } else {
    lines.push(`**${node.name}** · Logstash ${site.section}`, '', spec.description);
    if (spec.required.length > 0) lines.push('', `Required: ${spec.required.map((o) => `\`${o.name}\``).join(', ')}`);
    if (spec.ecsCompatibility) lines.push('', `ECS compatibility: **${site.mode}**`);
    const implied = refs.filter((r) => r.site === site && r.ref.detail.implied && r.ref.role !== 'pattern' && r.ref.segments[0].start === node.nameSpan.start);
    if (implied.length > 0) {
      const shown = [...new Set(implied.map((r) => r.ref.joinedPath))];
      lines.push('', `Writes without naming them: ${shown.slice(0, 24).map((p) => code(p)).join(', ')}${shown.length > 24 ? `, … (${shown.length - 24} more)` : ''}`);
    }
    lines.push('', `[Reference](${spec.docsUrl})`);
  }
  return { markdown: lines.join('\n'), start: node.nameSpan.start, end: node.nameSpan.end };
}

/** A named grok pattern under the caret (`%{COMBINEDAPACHELOG}`): the fields it captures in the plugin's mode. */
function grokPatternAt(site: PluginSite, offset: number, table: LogstashPluginTable): HoverResult | undefined {
  if (site.node.name !== 'grok') return undefined;
  const match = site.options.get('match')?.value;
  const strings = match?.kind === 'hash' ? match.entries.flatMap((e) => (e.value?.kind === 'array' ? e.value.items : [e.value]))
    : match?.kind === 'array' ? match.items : [];
  for (const s of strings) {
    if (s?.kind !== 'string' || offset < s.contentStart || offset > s.end) continue;
    for (const capture of grokCaptures(s.value, s.contentStart)) {
      const syntax = capture.syntax;
      if (!syntax || offset < syntax.span.start || offset > syntax.span.end) continue;
      const set: GrokPatternSet = table.grokSetFor(site.mode);
      const pattern = table.grokPattern(set, syntax.name);
      if (!pattern) return undefined;
      const fields = pattern.captures.map((c) => `${code(c.field.text)}${c.type ? ` (${c.type})` : ''}`);
      const markdown = [`**${syntax.name}** · grok pattern (${set === 'legacy' ? 'legacy set' : 'ECS set'}, ECS compatibility ${site.mode})`, '',
        fields.length > 0 ? `Captures: ${fields.join(', ')}` : 'Captures no field.'].join('\n');
      return { markdown, start: syntax.span.start, end: syntax.span.end };
    }
  }
  return undefined;
}
