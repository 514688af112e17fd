// unnamespaced-custom-field: a scalar custom field at the root with a lower-case name (`foo: 1`); simple extra
// values belong in labels (as keywords), other extra fields under a namespace named after their tool. The fix
// moves it into labels, its value written as a string. Capitalized names are the spec's own escape: not reported.
import type { ValueNode } from '../../document/model';
import { NamedRef } from '../../document/fieldRefs';
import { isLowerCaseName } from '../values/notation';
import type { Finding, Rule } from '../rule';
import { findingAt } from '../values/values';

export const unnamespacedCustomField: Rule = {
  code: 'unnamespaced-custom-field',
  defaultSeverity: 'hint',
  title: 'Custom field at the root without a namespace',
  spec: 'Simple extra keyword values go in `labels` (flat key/value, no nested objects). Other extra fields are nested under a proper name of the tool or project (for example a section named after a proxy product), since defined fields avoid proper names.',
  specSource: 'Document 1, Custom fields, rules 2 and 3',
  scope: 'name',
  check(ctx) {
    const out: Finding[] = [];
    for (const info of ctx.infosWith('custom')) {
      const ref = info.ref;
      // An object is a namespace already (spec: other fields go under one): a group of definitions, a processor's
      // object target, a key holding an object. A name another file kind writes otherwise holds a value it does not
      // show: judged by its name.
      if (ref instanceof NamedRef && ref.detail.object === true) continue;
      const keyword = ref.value ? keywordOf(ref.value) : ref.role !== 'key' ? '' : undefined;
      if (info.status !== 'custom' || ref.path.length !== 1 || keyword === undefined || !isLowerCaseName(ref.path[0])) continue;
      const name = ref.path[0];
      const taken = ctx.view.all(`labels.${name}`).length > 0;
      out.push(findingAt(ref.pathSpan, {
        message: `'${name}' is a custom field at the root with no namespace: a simple value goes in labels (labels.${name}, as a keyword), other fields under a namespace named after their tool`
          + (taken ? ` (labels.${name} is already set)` : ''),
        // The name for a kind that knows more of it (a pipeline that writes below it); the keyword for the events' fix.
        data: taken || ref.role !== 'key' ? { name } : { name, keyword },
      }));
    }
    return out;
  },
};

/** A scalar's value as the keyword labels store (numbers as written); undefined for objects, arrays and null. */
export function keywordOf(node: ValueNode): string | undefined {
  if (node.kind === 'string') return String(node.value);
  if (node.kind === 'number') return node.raw.trim() || String(node.value);
  if (node.kind === 'boolean') return String(node.value);
  return undefined;
}
