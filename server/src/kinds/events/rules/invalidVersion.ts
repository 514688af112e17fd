// invalid-version: schema.version that is not major.minor.patch; the fix writes the catalog's own version.
import { replaceValue } from '../edits';
import { valueAt } from '../../../features/locate';
import type { Finding, Rule } from '../../../features/rule';
import { describeValue, elementsOf, findingAt, valueSpan } from '../../../features/values/values';

const VERSION = /^\d+\.\d+\.\d+$/;

export const invalidVersion: Rule = {
  code: 'invalid-version',
  defaultSeverity: 'error',
  title: 'schema.version is not major.minor.patch',
  spec: 'Must match three dot-separated non-negative integers: major.minor.patch.',
  specSource: 'Document 1, Schema meta fields, schema.version',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const ref of ctx.refsAt('schema.version')) {
      if (!ref.value) continue;
      for (const element of elementsOf(ref.value)) {
        if (element.kind === 'null' || element.kind === 'object' || (element.kind === 'string' && VERSION.test(String(element.value)))) continue;
        out.push(findingAt(valueSpan(element), {
          message: `schema.version must be major.minor.patch (three dot-separated non-negative integers, as a string) such as "${ctx.catalog.version}"; found ${describeValue(element)}`,
        }));
      }
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const found = valueAt(ctx.view, diagnostic);
    if (!found) return [];
    const version = ctx.catalog.version;
    return [{ title: `Change to "${version}"`, code: invalidVersion.code, kind: 'quickfix', isPreferred: true, edits: [replaceValue(ctx.format, found.node, version)] }];
  },
};
