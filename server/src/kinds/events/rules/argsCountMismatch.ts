// args-count-mismatch: process.args_count (and process.parent.args_count) that is not the length of process.args.
import { childPath } from '../../../document/fieldRefs';
import { numberAt } from '../eventValues';
import { replacementFix } from '../replacementFix';
import type { Finding, Rule } from '../../../features/rule';
import { placementsWritten } from '../setPlacements';
import { elementsOf, findingAt, valueSpan } from '../../../features/values/values';

export const argsCountMismatch: Rule = {
  code: 'args-count-mismatch',
  defaultSeverity: 'warning',
  title: 'args_count is not the length of args',
  spec: 'Length of process.args',
  specSource: 'Document 2, Process fields, process.args_count',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const prefix of placementsWritten(ctx, 'process')) {
      const count = numberAt(ctx.view, childPath(prefix, 'args_count'));
      const args = ctx.view.all(childPath(prefix, 'args')).find((ref) => ref.value?.kind === 'array')?.value;
      if (!count || !args) continue;
      // The store flattens arrays inside arrays: the length is the number of values.
      const length = elementsOf(args).length;
      if (count.value === length) continue;
      out.push(findingAt(valueSpan(count.node), {
        message: `${prefix}.args_count is ${count.value} but ${prefix}.args holds ${length} argument${length === 1 ? '' : 's'}; args_count is the length of args`,
        data: { replacement: length },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    return replacementFix(argsCountMismatch.code, diagnostic, ctx, (value) => `Set args_count to ${String(value)}`);
  },
};
