// Shared by invalid-value and unrecommended-value: string values outside a field's list, with close candidates.
import type { FieldDefinition } from '../../../catalog/types';
import { replaceValue } from '../edits';
import type { FwDiagnostic, QuickFix } from '../../../features/types';
import { closeValues } from '../../../features/values/closeValues';
import { isRecord, stringList, valueAt } from '../../../features/locate';
import type { Finding, RuleContext } from '../../../features/rule';
import { elementsOf, findingAt, quote, valueSpan } from '../../../features/values/values';

/** Findings for values of `field`-typed keys outside the list `listOf` gives (skipped when it gives none). */
export function valuesOutside(ctx: RuleContext, listOf: (field: FieldDefinition) => string[] | undefined, describe: (path: string, list: string[]) => string): Finding[] {
  const out: Finding[] = [];
  const infos = ctx.infosWith('field');
  for (let k = 0; k < infos.length; k++) {
    const info = infos[k];
    const list = info.status === 'field' && info.field ? listOf(info.field) : undefined;
    if (!list || !info.ref.value) continue;
    for (const element of elementsOf(info.ref.value)) {
      if (element.kind !== 'string' || list.includes(String(element.value))) continue;
      const value = String(element.value);
      out.push(findingAt(valueSpan(element), {
        message: `${quote(value)} is not ${describe(info.path, list)}`,
        data: { candidates: closeValues(value, list) },
      }));
    }
  }
  return out;
}

/** One quick fix per close candidate, the closest preferred. */
export function replaceWithCandidates(code: string, diagnostic: FwDiagnostic, ctx: RuleContext): QuickFix[] {
  const found = valueAt(ctx.view, diagnostic);
  if (!found || !isRecord(diagnostic.data)) return [];
  return stringList(diagnostic.data.candidates).map((candidate, i) => ({
    title: `Change to '${candidate}'`,
    code,
    kind: 'quickfix' as const,
    isPreferred: i === 0,
    edits: [replaceValue(ctx.format, found.node, candidate)],
  }));
}
