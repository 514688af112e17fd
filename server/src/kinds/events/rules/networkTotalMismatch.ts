// network-total-mismatch: network.bytes or network.packets that is not the sum of the source and destination counts.
import { numberAt } from '../eventValues';
import { isRecord, valueAt } from '../../../features/locate';
import type { Finding, Rule } from '../../../features/rule';
import { findingAt, valueSpan } from '../../../features/values/values';

// Paths spelt out: a path built per event is a new string to hash on every lookup.
const TOTALS = [
  { unit: 'bytes', totalPath: 'network.bytes', sourcePath: 'source.bytes', destinationPath: 'destination.bytes' },
  { unit: 'packets', totalPath: 'network.packets', sourcePath: 'source.packets', destinationPath: 'destination.packets' },
] as const;

export const networkTotalMismatch: Rule = {
  code: 'network-total-mismatch',
  defaultSeverity: 'warning',
  title: 'network total is not the sum of both sides',
  spec: 'Total bytes in both directions; sum of source.bytes and destination.bytes when known',
  specSource: 'Document 2, Network fields, network.bytes (and likewise network.packets)',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const { unit, totalPath, sourcePath, destinationPath } of TOTALS) {
      const total = numberAt(ctx.view, totalPath);
      const source = numberAt(ctx.view, sourcePath);
      const destination = numberAt(ctx.view, destinationPath);
      if (!total || !source || !destination) continue;
      const sum = source.value + destination.value;
      if (!Number.isSafeInteger(sum) || total.value === sum) continue;
      out.push(findingAt(valueSpan(total.node), {
        message: `network.${unit} is ${total.value} but source.${unit} + destination.${unit} is ${source.value} + ${destination.value} = ${sum}; the total is the sum of both directions`,
        data: { unit, sum },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const found = valueAt(ctx.view, diagnostic);
    const data = diagnostic.data;
    if (!found || !isRecord(data) || typeof data.sum !== 'number' || typeof data.unit !== 'string') return [];
    const edit = { start: found.node.start, end: found.node.end, newText: String(data.sum) };
    return [{ title: `Set network.${data.unit} to ${data.sum} (source.${data.unit} + destination.${data.unit})`, code: networkTotalMismatch.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
};
