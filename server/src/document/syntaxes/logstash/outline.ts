// The outline of a Logstash config as plain data: sections, plugins (named with their `id` when set, codecs inside
// their plugin), and conditionals: an `if` with its condition, then its `else if` and `else` branches beside it.
import type { Span } from '../../model';
import type { ClauseNode, ConditionNode, LogstashParse, PluginNode, StatementNode, ValueNode } from './ast';

export type LogstashSymbolKind = 'section' | 'plugin' | 'conditional' | 'branch';

export interface LogstashSymbol {
  kind: LogstashSymbolKind;
  /** `filter`; `mutate` or `mutate (my-id)`; `if [type] == "x"`; `else if …`; `else`. */
  name: string;
  /** The whole construct, closing bracket included. */
  span: Span;
  /** What names it: the section or plugin name, the `if … condition` (lies inside `span`). */
  nameSpan: Span;
  children: LogstashSymbol[];
}

/** Conditions longer than this are cut in the outline (a generated condition can run for pages). */
const MAX_CONDITION = 160;

/** A condition's text on one line: whitespace runs become one space. */
export function conditionText(text: string, condition: ConditionNode): string {
  const raw = text.slice(condition.start, condition.end).replace(/\s+/g, ' ');
  return raw.length > MAX_CONDITION ? `${raw.slice(0, MAX_CONDITION - 1)}…` : raw;
}

/** The `id` setting of a plugin: its string or bareword value. */
export function pluginId(plugin: PluginNode): string | undefined {
  for (const a of plugin.attributes) {
    if (a.name !== 'id' || !a.value) continue;
    if (a.value.kind === 'string') return a.value.value;
    if (a.value.kind === 'bareword') return a.value.text;
  }
  return undefined;
}

function codecs(value: ValueNode | undefined, out: PluginNode[]): void {
  if (!value) return;
  if (value.kind === 'plugin') out.push(value);
  else if (value.kind === 'array') for (const item of value.items) codecs(item, out);
  else if (value.kind === 'hash') for (const entry of value.entries) codecs(entry.value, out);
}

function pluginSymbol(plugin: PluginNode): LogstashSymbol {
  const id = pluginId(plugin);
  const nested: PluginNode[] = [];
  for (const a of plugin.attributes) codecs(a.value, nested);
  return {
    kind: 'plugin',
    name: id === undefined ? plugin.name : `${plugin.name} (${id})`,
    span: { start: plugin.start, end: plugin.end },
    nameSpan: plugin.nameSpan,
    children: nested.map(pluginSymbol),
  };
}

function clauseSymbol(text: string, clause: ClauseNode): LogstashSymbol {
  const nameEnd = clause.condition?.end ?? clause.keywordSpan.end;
  return {
    kind: clause.keyword === 'if' ? 'conditional' : 'branch',
    name: clause.condition ? `${clause.keyword} ${conditionText(text, clause.condition)}` : clause.keyword,
    span: { start: clause.start, end: clause.end },
    nameSpan: { start: clause.keywordSpan.start, end: nameEnd },
    children: statementSymbols(text, clause.body),
  };
}

function statementSymbols(text: string, body: readonly StatementNode[]): LogstashSymbol[] {
  const out: LogstashSymbol[] = [];
  for (const s of body) {
    if (s.kind === 'plugin') out.push(pluginSymbol(s));
    else for (const clause of s.clauses) out.push(clauseSymbol(text, clause));
  }
  return out;
}

/** The outline: one symbol per section, its plugins and conditionals inside. */
export function logstashSymbols(parse: LogstashParse): LogstashSymbol[] {
  return parse.config.sections.map((section) => ({
    kind: 'section' as const,
    name: section.name,
    span: { start: section.start, end: section.end },
    nameSpan: section.nameSpan,
    children: statementSymbols(parse.text, section.body),
  }));
}
