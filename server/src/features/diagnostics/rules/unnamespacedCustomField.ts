// unnamespaced-custom-field: a scalar custom field at the root with a lower-case name (`foo: 1`); simple extra
// values belong in labels (as keywords), other extra fields under a namespace named after their tool. The fix
// moves it into labels, its value written as a string. Capitalized names are the spec's own escape: not reported.
import type { EventView } from '../../../document/fieldRefs';
import type { ValueNode } from '../../../document/model';
import { isRecord } from '../locate';
import { isLowerCaseName } from '../notation';
import type { Finding, Rule } from '../rule';
import { composeSteps, removeField, setScalar } from '../setField';
import { prefersDotted } from './missingRequired';
import { findingAt } from '../values';

export const unnamespacedCustomField: Rule = {
  code: 'unnamespaced-custom-field',
  defaultSeverity: 'hint',
  title: 'Custom field at the root without a namespace',
  spec: 'Simple extra keyword values go in `labels` (flat key/value, no nested objects). Other extra fields are nested under a proper name of the tool or project (for example a section named after a proxy product), since defined fields avoid proper names.',
  specSource: 'Document 1, Custom fields, rules 2 and 3',
  reads: 'names',
  fixAllTitle: 'Move all custom root values into labels',
  check(ctx) {
    const out: Finding[] = [];
    for (const info of ctx.infosWith('custom')) {
      const ref = info.ref;
      // A name another file kind writes (a pipeline's target) holds a value the file does not show: judged by its name.
      const keyword = ref.value ? keywordOf(ref.value) : ref.role !== 'key' ? '' : undefined;
      if (info.status !== 'custom' || ref.path.length !== 1 || keyword === undefined || !isLowerCaseName(ref.path[0])) continue;
      const name = ref.path[0];
      const taken = ctx.view.all(`labels.${name}`).length > 0;
      out.push(findingAt(ref.pathSpan, {
        message: `'${name}' is a custom field at the root with no namespace: a simple value goes in labels (labels.${name}, as a keyword), other fields under a namespace named after their tool`
          + (taken ? ` (labels.${name} is already set)` : ''),
        data: taken || ref.role !== 'key' ? undefined : { name, keyword },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const data = diagnostic.data;
    if (!isRecord(data) || typeof data.name !== 'string' || typeof data.keyword !== 'string') return [];
    const { name, keyword } = data as { name: string; keyword: string };
    // The root key holding the scalar (a name written twice may also hold an object).
    const rootKey = (view: EventView) => view.all(name).find((ref) => ref.first === 0 && !ref.dotted && ref.value !== undefined && keywordOf(ref.value) !== undefined);
    const edit = composeSteps(ctx.view, ctx.format, [
      (view) => (rootKey(view) ? setScalar(view, ctx.format, ['labels', name], keyword, { dotted: prefersDotted(ctx) }) : undefined),
      (view) => {
        const ref = rootKey(view);
        return ref && removeField(view, ctx.format, ref);
      },
    ]);
    if (!edit) return [];
    return [{ title: `Move '${name}' into labels (labels.${name}: "${keyword}")`, code: unnamespacedCustomField.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
};

/** A scalar's value as the keyword labels store (numbers as written); undefined for objects, arrays and null. */
function keywordOf(node: ValueNode): string | undefined {
  if (node.kind === 'string') return String(node.value);
  if (node.kind === 'number') return node.raw.trim() || String(node.value);
  if (node.kind === 'boolean') return String(node.value);
  return undefined;
}
