// out-of-range: numbers outside the bounds of the Limits table, strings longer than their limit.
import type { FieldDefinition } from '../../../catalog/types';
import type { ValueNode } from '../../../document/model';
import type { Finding, Rule } from '../../../features/rule';
import { elementsOf, findingAt, valueSpan } from '../../../features/values/values';

export const outOfRange: Rule = {
  code: 'out-of-range',
  defaultSeverity: 'error',
  title: 'Value out of range',
  spec: 'Limits: event.risk_score_norm 0 to 100; host.cpu.usage 0 to 1; log.syslog.facility.code 0 to 23; log.syslog.priority 0 to 191 (8 x facility + severity); normalized.message truncated to 256 characters.',
  specSource: 'Document 1, Limits (the table, row by row)',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    const infos = ctx.infosWith('field');
    for (let k = 0; k < infos.length; k++) {
      const info = infos[k];
      const field = info.field;
      if (info.status !== 'field' || !field || !info.ref.value) continue;
      if (field.min === undefined && field.max === undefined && field.maxLength === undefined) continue;
      for (const element of elementsOf(info.ref.value)) {
        const problem = rangeProblem(field, element);
        if (problem) out.push(findingAt(valueSpan(element), { message: `${info.path} ${problem}` }));
      }
    }
    return out;
  },
};

function rangeProblem(field: FieldDefinition, node: ValueNode): string | undefined {
  if (node.kind === 'number') {
    const value = node.value as number;
    const { min, max } = field;
    if ((min === undefined || value >= min) && (max === undefined || value <= max)) return undefined;
    const bounds = min !== undefined && max !== undefined ? `between ${min} and ${max}` : min !== undefined ? `at least ${min}` : `at most ${max}`;
    return `must be ${bounds}; found ${node.raw.trim() || value}`;
  }
  if (node.kind === 'string' && field.maxLength !== undefined) {
    const length = [...String(node.value)].length;
    if (length > field.maxLength) return `holds at most ${field.maxLength} characters; this value has ${length}`;
  }
  return undefined;
}
