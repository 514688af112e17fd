// What is at an offset of a Logstash config, for completion and hover: the string token holding it and the setting
// (plugin, option, hash entry) it belongs to, a condition being typed, a setting's or a plugin's name. Completion
// asks about text being typed, so the answers come from the tokens and the text as much as from the tree.
import type { LogstashPluginTable, LogstashOption, PluginSection } from '../../catalog/logstashPlugins';
import type { Span } from '../../document/model';
import {
  type AttributeNode, type ClauseNode, type CompareNode, type ConditionNode, type ExpressionNode, type HashEntryNode, type LogstashParse,
  type PluginNode, type RValueNode, type SectionNode, type StatementNode, type StringNode, Tok, type ValueNode,
} from '../../document/syntaxes/logstash';

/** Where a string token sits. */
export interface StringSite {
  node: StringNode;
  /** The plugin whose setting holds it, and the section the plugin is in. */
  plugin: PluginNode | undefined;
  section: PluginSection | undefined;
  attribute: AttributeNode | undefined;
  /** The hash entry holding it, and whether it is that entry's key. */
  entry: HashEntryNode | undefined;
  isKey: boolean;
  /** Its index in the setting's array value (gsub triples, date's match). */
  item: number | undefined;
  /** The comparison it is an operand of, in a condition. */
  compare: CompareNode | undefined;
}

export type LogstashPosition =
  /** Inside a string (its content holds the offset). */
  | { kind: 'string'; site: StringSite }
  /** In a condition, outside strings: the text typed since the clause's keyword. */
  | { kind: 'condition'; clause: ClauseNode; from: number }
  /** Where a setting's name goes (or is), inside a plugin. */
  | { kind: 'optionName'; plugin: PluginNode; section: PluginSection | undefined; replace: Span }
  /** Where a plugin's name goes (or is), inside a section or a branch. */
  | { kind: 'pluginName'; section: PluginSection | undefined; replace: Span }
  | { kind: 'none' };

const WORD = /[A-Za-z0-9_-]/;

/** The word around `offset` (letters, digits, `_`, `-`): what a name being typed replaces. */
export function wordAround(text: string, offset: number): Span {
  let start = offset;
  while (start > 0 && WORD.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && WORD.test(text[end])) end++;
  return { start, end };
}

/** What is at `offset` (a caret: between two characters). */
export function positionAt(tree: LogstashParse, offset: number): LogstashPosition {
  const { tokens } = tree;
  // The last token starting before the caret.
  let lo = 0;
  let hi = tokens.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tokens.starts[mid] < offset) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (at >= 0 && tokens.kinds[at] === Tok.String && offset <= tokens.ends[at]) {
    const start = tokens.starts[at];
    const closed = tree.text.charCodeAt(tokens.ends[at] - 1) === tree.text.charCodeAt(start) && tokens.ends[at] - start > 1;
    if (offset < tokens.ends[at] || !closed) {
      const site = stringSiteAt(tree, start);
      if (site) return { kind: 'string', site };
    }
  }
  if (at >= 0 && tokens.kinds[at] === Tok.Comment && offset <= tokens.ends[at]) return { kind: 'none' };
  return structureAt(tree, offset);
}

/** The string token starting at `start`, with where it sits in the tree. */
function stringSiteAt(tree: LogstashParse, start: number): StringSite | undefined {
  let found: StringSite | undefined;
  const blank = (): Omit<StringSite, 'node'> => ({ plugin: undefined, section: undefined, attribute: undefined, entry: undefined, isKey: false, item: undefined, compare: undefined });
  const value = (v: ValueNode | undefined, into: Omit<StringSite, 'node'>): void => {
    if (!v || found || start < v.start || start >= Math.max(v.end, v.start + 1)) return;
    switch (v.kind) {
      case 'string':
        if (v.start === start) found = { ...into, node: v };
        break;
      case 'array':
        v.items.forEach((item, i) => value(item, { ...into, item: into.item ?? i }));
        break;
      case 'hash':
        for (const e of v.entries) {
          if (e.key.kind === 'string' && e.key.start === start) found = { ...into, entry: e, isKey: true, node: e.key };
          else value(e.value, { ...into, entry: e, isKey: false });
        }
        break;
      case 'plugin':
        plugin(v, into.section);
        break;
      default:
        break;
    }
  };
  const plugin = (p: PluginNode, section: PluginSection | undefined): void => {
    for (const a of p.attributes) value(a.value, { ...blank(), plugin: p, section, attribute: a });
  };
  const condition = (c: ConditionNode): void => {
    const visit = (e: ExpressionNode | RValueNode | undefined, compare: CompareNode | undefined): void => {
      if (!e || found) return;
      if (e.kind === 'string') {
        if (e.start === start) found = { ...blank(), node: e, compare };
      } else if (e.kind === 'group') for (const o of e.condition.operands) visit(o, undefined);
      else if (e.kind === 'not') visit(e.operand, undefined);
      else if (e.kind === 'compare') {
        visit(e.left, e);
        visit(e.right, e);
      } else if (e.kind === 'in' || e.kind === 'match') {
        visit(e.left, undefined);
        visit(e.right, undefined);
      }
    };
    for (const o of c.operands) visit(o, undefined);
  };
  const statements = (body: readonly StatementNode[], section: PluginSection | undefined): void => {
    for (const s of body) {
      if (found) return;
      if (s.kind === 'plugin') {
        if (start >= s.start && start < s.end) plugin(s, section);
      } else if (start >= s.start && start < s.end) {
        // A chain's clauses, their conditions and bodies, lie inside its span.
        for (const c of s.clauses) {
          if (c.condition && start >= c.condition.start && start < c.condition.end) condition(c.condition);
          statements(c.body, section);
        }
      }
    }
  };
  for (const section of tree.config.sections) if (start >= section.start && start < section.end) statements(section.body, section.type);
  return found;
}

/** Outside strings: a condition being typed, a setting's name in a plugin, a plugin's name in a section. */
function structureAt(tree: LogstashParse, offset: number): LogstashPosition {
  const text = tree.text;
  let inner: { plugin?: PluginNode; section?: SectionNode; clause?: ClauseNode } = {};
  const within = (open: number | undefined, close: number | undefined, end: number): boolean =>
    open !== undefined && offset > open && offset <= (close ?? end);
  const statements = (body: readonly StatementNode[], section: SectionNode): void => {
    for (const s of body) {
      if (s.kind === 'plugin') {
        if (within(s.open, s.close, s.end)) {
          inner = { section, plugin: s };
          // A codec's block inside a setting is a plugin too.
          for (const a of s.attributes) if (a.value?.kind === 'plugin' && within(a.value.open, a.value.close, a.value.end)) inner = { section, plugin: a.value };
        }
      } else {
        for (const c of s.clauses) {
          const typed = c.keywordSpan.end <= offset && (c.open === undefined ? !lineBreakBetween(text, c.keywordSpan.end, offset) : offset <= c.open);
          if (typed && c.keyword !== 'else') inner = { section, clause: c };
          if (within(c.open, c.close, c.end)) {
            inner = { section };
            statements(c.body, section);
          }
        }
      }
    }
  };
  for (const section of tree.config.sections) {
    if (within(section.open, section.close, section.end)) {
      inner = { section };
      statements(section.body, section);
    }
  }
  if (inner.clause) return { kind: 'condition', clause: inner.clause, from: inner.clause.keywordSpan.end };
  if (inner.plugin) {
    const plugin = inner.plugin;
    // Inside a setting's value (after its `=>`), no name is typed.
    for (const a of plugin.attributes) if (a.arrow !== undefined && offset > a.arrow && offset <= a.end) return { kind: 'none' };
    if (!atNameStart(text, offset)) return { kind: 'none' };
    return { kind: 'optionName', plugin, section: inner.section?.type, replace: wordAround(text, offset) };
  }
  if (inner.section) {
    if (!atNameStart(text, offset)) return { kind: 'none' };
    return { kind: 'pluginName', section: inner.section.type, replace: wordAround(text, offset) };
  }
  return { kind: 'none' };
}

/** Whether the caret ends a word that starts a line or follows `{`, `}` or whitespace after one (a name's place). */
function atNameStart(text: string, offset: number): boolean {
  let i = offset;
  while (i > 0 && WORD.test(text[i - 1])) i--;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || /[\n{}]/.test(text[i - 1]);
}

function lineBreakBetween(text: string, from: number, to: number): boolean {
  const nl = text.indexOf('\n', from);
  return nl >= 0 && nl < to;
}

/** The option a setting is, as the table has it: a plugin's own, or one every plugin of its section takes. */
export function optionOf(table: LogstashPluginTable, section: PluginSection | undefined, plugin: string, name: string): LogstashOption | undefined {
  if (!section) return undefined;
  const spec = table.plugin(section, plugin);
  if (spec) return table.option(section, plugin, name);
  if (section === 'filter') return table.common[name];
  if (section === 'input') return table.inputCommon[name];
  return undefined;
}
