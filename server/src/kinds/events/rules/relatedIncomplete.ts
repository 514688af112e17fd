// related-incomplete: related.ip, related.hosts or related.user missing a value the event holds elsewhere
// (what counts is decided in relatedValues.ts); the fix appends the missing values, or creates the field.
import { scalarText, writerFor } from '../../../document/syntaxes/writerFor';
import type { TextEdit } from '../../../features/types';
import { createRuleContext } from '../../../features/names/ruleContext';
import { isRecord } from '../../../features/locate';
import { memberKey, Member, RELATED_FIELDS, RelatedField, relatedMembers } from '../relatedValues';
import type { Finding, Rule, RuleContext } from '../../../features/rule';
import { arrayText, composeSteps, listText, prefersDotted, setText, Step } from '../setField';
import { elementsOf, valueSpan } from '../../../features/values/values';

const NOUN: Record<RelatedField, string> = { 'related.ip': 'IP', 'related.hosts': 'host name', 'related.user': 'user name' };

export const relatedIncomplete: Rule = {
  code: 'related-incomplete',
  defaultSeverity: 'information',
  title: 'related.* missing values of the event',
  spec: '`related.ip` is an array holding every IP present in the event (from source, destination, client, server, answers and so on), for single-field pivoting. `related.hosts` is populated likewise when hostnames or host identifiers are present. related.user holds users present in the event.',
  specSource: 'Document 1, Mapping guidance: network events, rule 4; Document 2, User field mapping guidance, rule 6',
  scope: 'event',
  fixAllTitle: 'Fill related.ip, related.hosts and related.user in the file',
  check(ctx) {
    const members = relatedMembers(ctx);
    const out: Finding[] = [];
    for (const field of RELATED_FIELDS) {
      const missing = missingMembers(ctx, field, members[field]);
      if (missing.length === 0) continue;
      const written = ctx.view.all(field).find((ref) => ref.value);
      const listed = missing.slice(0, 5).map((m) => `${m.value} (${m.path})`).join(', ');
      out.push({
        ...(written?.value ? valueSpan(written.value) : valueSpan(missing[0].node)),
        message: `${field} holds every ${NOUN[field]} of the event; missing: ${listed}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
        data: { field, values: missing.map((m) => m.value) },
      });
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const field = fieldOf(diagnostic.data);
    const edit = field && composeSteps(ctx.view, ctx.format, [fillStep(ctx, field)]);
    if (!field || !edit) return [];
    return [{ title: `Add the missing values to ${field}`, code: relatedIncomplete.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
  fixEvent(diagnostics, ctx) {
    const fields = RELATED_FIELDS.filter((f) => diagnostics.some((d) => fieldOf(d.data) === f));
    const edit = composeSteps(ctx.view, ctx.format, fields.map((field) => fillStep(ctx, field)));
    return edit ? [edit] : [];
  },
};

function fieldOf(data: unknown): RelatedField | undefined {
  const field = isRecord(data) ? data.field : undefined;
  return RELATED_FIELDS.find((f) => f === field);
}

function missingMembers(ctx: RuleContext, field: RelatedField, members: Member[]): Member[] {
  if (members.length === 0) return [];
  const held = new Set<string>();
  for (const ref of ctx.view.all(field)) {
    if (!ref.value) continue;
    for (const node of elementsOf(ref.value)) if (node.kind === 'string') held.add(memberKey(field, String(node.value)));
  }
  return members.filter((m) => !held.has(memberKey(field, m.value)));
}

/** Adds what the event (as it reads now) misses in one related field: appended to its array, or a new array. */
function fillStep(ctx: RuleContext, field: RelatedField): Step {
  return (view): TextEdit | undefined => {
    const now = createRuleContext(view, ctx.env);
    const missing = missingMembers(now, field, relatedMembers(now)[field]).map((m) => m.value);
    if (missing.length === 0) return undefined;
    const written = view.all(field).find((ref) => ref.value)?.value;
    if (written?.kind === 'array') return writerFor(ctx.format).appendItems(view.text, written, missing);
    if (written?.kind === 'string') {
      // A single value becomes the first element of the array.
      return { start: written.start, end: written.end, newText: listText([view.text.slice(written.start, written.end), ...missing.map((v) => scalarText(v, ctx.format))], ctx.format, view.text) };
    }
    if (written && written.kind !== 'null') return undefined;
    return setText(view, ctx.format, field.split('.'), arrayText(missing, ctx.format, view.text), undefined, { dotted: prefersDotted(now) });
  };
}
