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

/** The reference whose written text holds the offset (not one written by default: it has no text of its own), the first in `refs` order. */
export function refAt(refs: readonly ConfigRef[], offset: number): ConfigRef | undefined {
  const { byStart, longest } = spansOf(refs);
  // The last span starting at or before the offset, then back over every span that may still reach it.
  let lo = 0;
  let hi = byStart.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (refs[byStart[mid]].written!.span.start <= offset) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  let best = -1;
  for (let i = at; i >= 0; i--) {
    const k = byStart[i];
    const span = refs[k].written!.span;
    if (span.start < offset - longest) break;
    if (offset <= span.end && (best < 0 || k < best)) best = k;
  }
  return best < 0 ? undefined : refs[best];
}

/** The references with text of their own, as indices into `refs` by the start of their span, and the longest span. */
const spansCache = new WeakMap<readonly ConfigRef[], { byStart: number[]; longest: number }>();

function spansOf(refs: readonly ConfigRef[]): { byStart: number[]; longest: number } {
  let found = spansCache.get(refs);
  if (found) return found;
  const byStart: number[] = [];
  let longest = 0;
  for (let k = 0; k < refs.length; k++) {
    const r = refs[k];
    const span = r.written?.span;
    if (!span || r.ref.detail.implied) continue;
    byStart.push(k);
    longest = Math.max(longest, span.end - span.start);
  }
  byStart.sort((a, b) => refs[a].written!.span.start - refs[b].written!.span.start || a - b);
  found = { byStart, longest };
  spansCache.set(refs, found);
  return found;
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
