// hash-name: a hash algorithm name that is not lower-case snake case (`SHA3-512` for `sha3_512`) under a hash
// placement the schema does not check by itself (file.hash, dll.hash sit in sets it leaves undefined); where the
// parent set is defined (process.hash), unknown-field reports the name with the same respelling.
import { renameKey } from '../edits';
import type { FieldSetInfo } from '../../../catalog/types';
import type { FieldRef } from '../../../document/fieldRefs';
import { isRecord, refAtKey } from '../../../features/locate';
import { matchesPattern, snakeCase } from '../../../features/values/notation';
import type { Finding, Rule } from '../../../features/rule';
import { fieldSetOf } from '../setPlacements';
import { findingAt } from '../../../features/values/values';

export const hashName: Rule = {
  code: 'hash-name',
  defaultSeverity: 'warning',
  title: 'Hash algorithm name not in lower-case snake case',
  spec: 'Other algorithms: lower-case algorithm name, snake case (e.g. sha3_512).',
  specSource: 'Document 1, Hash fields',
  scope: 'event',
  check(ctx) {
    const set = fieldSetOf(ctx.catalog, 'hash');
    const pattern = set?.openNamePattern;
    if (!set || !pattern) return [];
    const out: Finding[] = [];
    const infos = ctx.infos;
    for (let k = 0; k < infos.length; k++) {
      const info = infos[k];
      const ref = info.ref;
      const at = ref.depth - 1;
      // Defined names are fine; unknown ones are unknown-field's; problems above are reported there.
      if (at < info.ref.first || info.status === 'field' || info.status === 'unknown' || info.status === 'belowProblem') continue;
      const placement = placementOf(set, ref);
      const name = ref.lastName;
      if (!placement || matchesPattern(pattern, name)) continue;
      const respelt = snakeCase(name);
      const suggestion = respelt !== '' && matchesPattern(pattern, respelt) && !ctx.view.get(`${placement}.${respelt}`) ? respelt : undefined;
      out.push(findingAt(info.ref.segments[at - info.ref.first], {
        message: `'${name}' under ${placement}: other hash algorithms use the lower-case algorithm name in snake case${suggestion ? ` ('${suggestion}')` : ''}`,
        data: suggestion === undefined ? undefined : { name: suggestion },
      }));
    }
    return out;
  },
  fixes(diagnostic, ctx) {
    const ref = refAtKey(ctx.view, diagnostic);
    const data = diagnostic.data;
    if (!ref || !isRecord(data) || typeof data.name !== 'string') return [];
    const newKey = [...ref.property.key.split('.').slice(0, -1), data.name].join('.');
    return [{ title: `Rename to '${data.name}'`, code: hashName.code, kind: 'quickfix', isPreferred: true, edits: [renameKey(ctx.view.text, ctx.format, ref.property, newKey)] }];
  },
};

/** The last names of a set's placements (`hash` for file.hash), once per set: most keys are ruled out by their parent's name. */
const lastNames = new WeakMap<FieldSetInfo, Set<string>>();

/** The hash placement a key names a direct child of (`file.hash` for file.hash.SHA256), if any. */
function placementOf(set: FieldSetInfo, ref: FieldRef): string | undefined {
  let names = lastNames.get(set);
  if (!names) lastNames.set(set, (names = new Set(set.placements.map((p) => p.slice(p.lastIndexOf('.') + 1)))));
  // The parent's name read without building the key's path: every key of every event passes here.
  if (!names.has(ref.depth > 1 ? ref.nameAt(ref.depth - 2) : '')) return undefined;
  const parent = ref.path.slice(0, -1).join('.');
  return set.placements.includes(parent) ? parent : undefined;
}
