// missing-required: an event without @timestamp or schema.version.
import type { ObjectNode } from '../../../document/model';
import { scalarText } from '../../../document/syntaxes/writerFor';
import { insertField } from '../edits';
import { prefersDotted } from '../setField';
import type { QuickFix } from '../../../features/types';
import { isRecord } from '../../../features/locate';
import type { Finding, Rule, RuleContext } from '../../../features/rule';
import { findingAt } from '../../../features/values/values';

const REQUIRED = ['@timestamp', 'schema.version'] as const;

export const missingRequired: Rule = {
  code: 'missing-required',
  defaultSeverity: 'error',
  title: 'Required field missing',
  spec: 'Every event MUST contain `@timestamp`. Every event MUST contain `schema.version`, set to the schema version the producing pipeline was built against.',
  specSource: 'Document 1, Event document rules, rules 1 and 2',
  scope: 'event',
  check(ctx) {
    const root = ctx.view.root;
    if (root?.kind !== 'object') return [];
    const out: Finding[] = [];
    for (const path of REQUIRED) {
      if (ctx.refsAt(path).length > 0) continue;
      out.push(findingAt(anchor(root, ctx), { message: `This event has no ${path}; every event must contain ${path}`, data: { path } }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const data = diagnostic.data;
    if (!isRecord(data)) return [];
    const fix = (title: string, edit: ReturnType<typeof insertField>): QuickFix[] =>
      edit ? [{ title, code: missingRequired.code, kind: 'quickfix', isPreferred: true, edits: [edit] }] : [];
    if (data.path === '@timestamp') {
      const now = new Date().toISOString();
      return fix(`Add @timestamp (${now})`, insertField(ctx.view, ctx.format, ['@timestamp'], scalarText(now, ctx.format), { position: 'first' }));
    }
    if (data.path === 'schema.version') {
      const version = ctx.catalog.version;
      const edit = insertField(ctx.view, ctx.format, ['schema', 'version'], scalarText(version, ctx.format), { dotted: prefersDotted(ctx) });
      return fix(`Add schema.version ${version}`, edit);
    }
    return [];
  },
};

/** Where to point: the opening brace of a JSON event, the first key of a YAML one. */
function anchor(root: ObjectNode, ctx: RuleContext): { start: number; end: number } {
  const first = root.properties[0];
  if (ctx.format === 'yaml' && first && ctx.view.text.charAt(root.start) !== '{') return { ...first.keyTokenSpan };
  return { start: root.start, end: Math.min(root.start + 1, root.end) };
}

