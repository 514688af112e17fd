// Completion in a Logstash config: field names segment by segment inside `[...]` (a condition's selector, an option
// that names a field, a sprintf `%{...}`, a grok capture `%{IP:...}`, a dissect key, Ruby's `event.get('...')`), the
// allowed values of a field a constant is written to (`add_field => { "[event][kind]" => "` and a condition's
// `[event][kind] == "`), the values an option takes, and plugin and option names (a plugin with its required options
// as a snippet). Items document themselves when shown (`docPath`).
import type { LogstashOption, LogstashPluginTable, PluginSection } from '../../catalog/logstashPlugins';
import type { Span } from '../../document/model';
import type { AttributeNode, PluginNode } from '../../document/syntaxes/logstash';
import { indentUnitOf, lineIndentAt } from '../../document/syntaxes/logstash';
import type { FeatureEnv } from '../../features/env';
import { snippetEscape } from '../../features/insertText';
import { candidates } from '../../features/keyCompletion';
import type { CompletionEntry } from '../../features/types';
import type { ConfigRef } from './configRefs';
import type { LogstashDocument } from './logstashDocument';
import { optionOf, positionAt, type StringSite } from './logstashPosition';

const PLUGIN_DOC = 'logstash-plugin:';
const OPTION_DOC = 'logstash-option:';

/** The documentation of a Logstash item's `docPath`; undefined when it names no plugin or option (the table is read only for the kind's own). */
export function logstashCompletionDocs(table: () => LogstashPluginTable, docPath: string): string | undefined {
  if (docPath.startsWith(PLUGIN_DOC)) {
    const [section, name] = docPath.slice(PLUGIN_DOC.length).split(':');
    const spec = table().plugin(section as PluginSection, name ?? '');
    return spec && `${spec.description}\n\n[Reference](${spec.docsUrl})`;
  }
  if (!docPath.startsWith(OPTION_DOC)) return undefined;
  const [section, plugin, option] = docPath.slice(OPTION_DOC.length).split(':');
  const spec = optionOf(table(), section as PluginSection, plugin ?? '', option ?? '');
  return spec && optionMarkdown(spec);
}

/** An option's documentation: what it does, its default and values. */
export function optionMarkdown(option: LogstashOption): string {
  const lines = [option.description];
  if (option.default !== undefined) lines.push('', `Default: \`${JSON.stringify(option.default)}\``);
  if (option.values) lines.push('', `Values: ${option.values.map((v) => `\`${v}\``).join(', ')}`);
  if (option.deprecated) lines.push('', `**Deprecated**: ${option.deprecated}`);
  return lines.join('\n');
}

export function completeLogstash(doc: LogstashDocument, offset: number, env: FeatureEnv, table: LogstashPluginTable, refs: readonly ConfigRef[]): CompletionEntry[] {
  const pos = positionAt(doc.tree, offset);
  switch (pos.kind) {
    case 'string':
      return inString(doc, pos.site, offset, env, table, refs);
    case 'condition': {
      const typed = doc.text.slice(pos.from, offset);
      const partial = /(?:\[[^[\],\n]*\])*\[[^[\],\n]*$/.exec(typed);
      return partial ? fieldNames(doc.text, partial[0], offset, env, refs, 'bracket') : [];
    }
    case 'optionName':
      return optionNames(doc, pos.plugin, pos.section, pos.replace, table);
    case 'pluginName':
      return pluginNames(doc, pos.section, pos.replace, offset, table);
    default:
      return [];
  }
}

/** What completes inside a string: a field name, an allowed value, one of an option's values. */
function inString(doc: LogstashDocument, site: StringSite, offset: number, env: FeatureEnv, table: LogstashPluginTable, refs: readonly ConfigRef[]): CompletionEntry[] {
  const text = doc.text;
  const node = site.node;
  const before = text.slice(node.contentStart, offset);
  const option = site.plugin && site.attribute ? optionOf(table, site.section, site.plugin.name, site.attribute.name) : undefined;
  // A `%{` still open before the caret: a sprintf reference, a grok capture or a dissect key being typed.
  const open = before.lastIndexOf('%{');
  if (open >= 0 && !before.includes('}', open)) {
    let inner = before.slice(open + 2);
    if (option?.kind === 'grokMatch' || option?.kind === 'grokDefinitions') {
      const colon = inner.indexOf(':');
      if (colon < 0) return [];
      inner = inner.slice(colon + 1);
    } else if (option?.kind === 'dissectMapping') {
      inner = inner.replace(/^[+?&*]/, '');
    } else if (inner.startsWith('+') || inner.startsWith('{')) return [];
    return fieldNames(text, inner, offset, env, refs, inner.startsWith('[') || inner === '' ? 'bracket' : 'bare');
  }
  if (option?.kind === 'rubyCode') {
    const call = /\bevent\s*\.\s*(?:get|set|remove|include\?)\s*\(\s*(['"])([^'"]*)$/.exec(before.slice(-300));
    return call ? fieldNames(text, call[2], offset, env, refs, 'bracket') : [];
  }
  if (site.compare) return allowedValues(site.compare.left.kind === 'selector' ? site.compare.left.segments.map((s) => s.name) : undefined, node, offset, env);
  if (!option) return [];
  const namesField = site.entry
    ? (site.isKey && (option.kind === 'fieldMap' || option.kind === 'fieldKeys' || option.kind === 'grokMatch' || option.kind === 'dissectMapping'))
      || (!site.isKey && (option.kind === 'fieldMap' || option.kind === 'xpathMap'))
    : option.kind === 'field' || option.kind === 'fields' || (option.kind === 'dateMatch' && (site.item ?? 0) === 0)
      || (option.kind === 'gsubTriples' && (site.item ?? 0) % 3 === 0);
  if (namesField) return fieldNames(text, before, offset, env, refs, before === '' || before.startsWith('[') ? 'bracket' : 'bare');
  if (site.entry && !site.isKey && option.kind === 'fieldKeys') {
    const key = site.entry.key.kind === 'string' ? site.entry.key.value : site.entry.key.kind === 'bareword' ? site.entry.key.text : undefined;
    if (option.mapValues === 'template') return allowedValues(key === undefined ? undefined : pathOfText(key), node, offset, env);
    if (option.mapValues === 'typeName' && option.values) return valuesOf(option.values, `${site.plugin?.name} ${option.name} type`, node, offset);
  }
  if (!site.entry && option.values && option.mapValues !== 'typeName') return valuesOf(option.values, `${site.plugin?.name} ${option.name}`, node, offset);
  return [];
}

/** A reference's text as a path: `[event][kind]` or a bare `event.kind` (read as the path it spells). */
function pathOfText(text: string): string[] {
  return text.startsWith('[') ? [...text.matchAll(/\[([^[\]]+)\]/g)].map((m) => m[1]) : text.split('.');
}

/**
 * The names that can follow what is typed of a reference (`typed`, ending at the caret): in the bracket form, the
 * names below the segments closed so far, each closing its `]` unless one follows; bare, the names at the root.
 */
function fieldNames(text: string, typed: string, offset: number, env: FeatureEnv, refs: readonly ConfigRef[], form: 'bracket' | 'bare'): CompletionEntry[] {
  let parent: string[];
  let word: string;
  if (form === 'bracket') {
    if (typed === '') {
      parent = [];
      word = '';
    } else {
      const closed = [...typed.matchAll(/\[([^[\]]*)\]/g)];
      const rest = typed.slice(closed.reduce((n, m) => n + m[0].length, 0));
      if (!rest.startsWith('[') && rest !== '') return [];
      parent = closed.map((m) => m[1]).filter((name) => !/^-?\d+$/.test(name));
      word = rest.slice(1);
    }
  } else {
    parent = [];
    word = typed;
  }
  if (parent.some((name) => name === '' || name === '@metadata')) return [];
  // What the caret's word replaces: the typed part and the rest of the name after the caret.
  let end = offset;
  while (end < text.length && !/[\]"'}\s:[]/.test(text[end])) end++;
  const closes = form === 'bracket' && text[end] !== ']';
  const open = form === 'bracket' && typed === '' ? '[' : '';
  const replace = { start: offset - word.length, end };
  const out: CompletionEntry[] = candidates(env.catalog, parent, true).map((c) => ({
    label: c.label,
    kind: c.target.kind === 'object' ? 'object' : 'field',
    level: c.level,
    detail: c.detail,
    docPath: c.path,
    insertText: `${open}${c.label}${closes ? ']' : ''}`,
    filterText: `${open}${c.label}`,
    replace,
    sortText: c.sortText,
    deprecated: c.deprecated !== undefined,
  }));
  // Names the pipeline writes below the same parent that the schema does not have: its own fields.
  const known = new Set(out.map((e) => e.label));
  for (const { name, object } of namesBelow(refs).get(parent.join(SEPARATOR)) ?? []) {
    if (known.has(name)) continue;
    out.push({
      label: name, kind: object ? 'object' : 'field', detail: 'written in this pipeline', docPath: [...parent, name].join('.'),
      insertText: `${open}${name}${closes ? ']' : ''}`, filterText: `${open}${name}`, replace, sortText: `9${name}`,
    });
  }
  return out;
}

/** Joins a parent path's names into a key of `namesBelow` (a name may hold a dot: `[raw][id.orig_h]`). */
const SEPARATOR = '\u0000';

/** Per reference list, the names below each parent path (keyed by `SEPARATOR`-joined names), in file order, each once. */
const namesBelowCache = new WeakMap<readonly ConfigRef[], Map<string, Array<{ name: string; object: boolean }>>>();

/**
 * The names the references name below each of their parent paths (every prefix of a path, the root's too), in the
 * order of their first reference; `object` when that first reference goes deeper. `[@metadata]`, invalid references
 * and the names a plugin writes without naming them are left out. Made once per reference list: completion asks per keystroke.
 */
function namesBelow(refs: readonly ConfigRef[]): Map<string, Array<{ name: string; object: boolean }>> {
  let index = namesBelowCache.get(refs);
  if (index) return index;
  index = new Map();
  const seen = new Set<string>();
  for (let k = 0; k < refs.length; k++) {
    const r = refs[k];
    const path = r.ref.path;
    if (r.metadata || path[0] === '' || r.ref.detail.implied) continue;
    let key = '';
    for (let depth = 0; depth < path.length; depth++) {
      const name = path[depth];
      const child = depth === 0 ? name : `${key}${SEPARATOR}${name}`;
      if (!seen.has(child)) {
        seen.add(child);
        const list = index.get(key);
        const entry = { name, object: path.length > depth + 1 };
        if (list) list.push(entry);
        else index.set(key, [entry]);
      }
      key = child;
    }
  }
  namesBelowCache.set(refs, index);
  return index;
}

/** The allowed values of the field a constant is written to (or compared with), where the schema lists them. */
function allowedValues(path: readonly string[] | undefined, node: { contentStart: number; value: string }, offset: number, env: FeatureEnv): CompletionEntry[] {
  const field = path && env.catalog.lookup(path.join('.'));
  if (!field?.allowed) return [];
  return field.allowed.map((value, i) => ({
    label: value,
    kind: 'value' as const,
    detail: `${field.path} · allowed value`,
    docPath: field.path,
    insertText: value,
    replace: { start: node.contentStart, end: Math.max(offset, node.contentStart + node.value.length) },
    sortText: String(i).padStart(3, '0'),
  }));
}

function valuesOf(values: readonly string[], what: string, node: { contentStart: number; value: string }, offset: number): CompletionEntry[] {
  return values.map((value, i) => ({
    label: value,
    kind: 'value' as const,
    detail: what,
    docPath: '',
    insertText: value,
    replace: { start: node.contentStart, end: Math.max(offset, node.contentStart + node.value.length) },
    sortText: String(i).padStart(3, '0'),
  }));
}

/** A value's snippet by the option's type: a quoted string (a field's in brackets), a list, a hash, a choice. */
function valueSnippet(option: LogstashOption): string {
  if (option.values && option.type === 'string') return `"\${1|${option.values.map(snippetEscape).join(',')}|}"`;
  switch (option.type) {
    case 'hash':
      return '{ $1 }';
    case 'array':
      return '[$1]';
    case 'boolean':
      return '${1|true,false|}';
    case 'number':
    case 'bytes':
      return '$1';
    case 'codec':
      return '${1:json}';
    default:
      return option.kind === 'field' ? '"[$1]"' : '"$1"';
  }
}

function optionNames(doc: LogstashDocument, plugin: PluginNode, section: PluginSection | undefined, replace: Span, table: LogstashPluginTable): CompletionEntry[] {
  if (!section) return [];
  const spec = table.plugin(section, plugin.name);
  const options: LogstashOption[] = spec ? Object.values(spec.options) : Object.values(section === 'filter' ? table.common : section === 'input' ? table.inputCommon : {});
  const present = new Set(plugin.attributes.filter((a: AttributeNode) => a.nameSpan.start !== replace.start).map((a) => a.name));
  // A name typed before the caret with a `=>` after it already: the name alone.
  const arrowAfter = /^\s*=>/.test(doc.text.slice(replace.end, replace.end + 20));
  return options.filter((o) => !present.has(o.name) && o.aliasOf === undefined).map((o) => ({
    label: o.name,
    kind: 'value' as const,
    detail: `${plugin.name} option${o.required ? ' · required' : ''}`,
    docPath: `${OPTION_DOC}${section}:${plugin.name}:${o.name}`,
    insertText: arrowAfter ? o.name : `${o.name} => ${valueSnippet(o)}`,
    snippet: !arrowAfter,
    replace,
    sortText: `${o.required ? 0 : o.common ? 2 : 1}${o.name}`,
    deprecated: o.deprecated !== undefined,
  }));
}

function pluginNames(doc: LogstashDocument, section: PluginSection | undefined, replace: Span, offset: number, table: LogstashPluginTable): CompletionEntry[] {
  if (!section) return [];
  const indent = lineIndentAt(doc.text, offset);
  const unit = indentUnitOf(doc.tree);
  const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
  const blockFollows = /^\s*\{/.test(doc.text.slice(replace.end, replace.end + 20));
  return table.names(section).map((name) => {
    const spec = table.plugin(section, name)!;
    const required = spec.required.map((o, i) => `${indent}${unit}${o.name} => ${valueSnippet(o).replace(/\$1|\$\{1/g, (m) => (m === '$1' ? `$${i + 1}` : `\${${i + 1}`))}`);
    const body = required.length === 0 ? ' $0 ' : `${eol}${required.join(eol)}${eol}${indent}`;
    return {
      label: name,
      kind: 'object' as const,
      detail: `Logstash ${section}`,
      docPath: `${PLUGIN_DOC}${section}:${name}`,
      insertText: blockFollows ? name : `${name} {${body}}`,
      snippet: !blockFollows,
      replace,
      sortText: name,
    };
  });
}
