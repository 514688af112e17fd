// not-flat: labels and the HTTP header objects hold flat key/value pairs, never nested objects.
import type { ValueNode } from '../../document/model';
import type { Finding, Rule } from '../rule';
import { findingAt, keySpanFrom } from '../values/values';

/** How many names a dotted path has (`labels` 1, `http.request.headers` 3), without splitting it: every labels key passes here. */
function segmentCount(path: string): number {
  let count = 1;
  for (let at = path.indexOf('.'); at >= 0; at = path.indexOf('.', at + 1)) count++;
  return count;
}

export const notFlat: Rule = {
  code: 'not-flat',
  defaultSeverity: 'error',
  title: 'Nested object in a flat key/value field',
  spec: 'Simple extra keyword values go in `labels` (flat key/value, no nested objects).',
  specSource: 'Document 1, Custom fields, rule 2 (and the rules of labels, http.request.headers and http.response.headers: no nested objects)',
  // A dotted name below labels (`labels.env.name`) is judged by its spelling alone: a pipeline that writes it gets it too.
  scope: 'name',
  check(ctx) {
    const out: Finding[] = [];
    for (const info of ctx.infosWith('open')) {
      if (info.status !== 'open' || !info.openOwner) continue;
      const owner = ctx.catalog.lookup(info.openOwner);
      const depth = segmentCount(info.openOwner);
      // Only the first key below the owner: deeper keys are inside what it already reports.
      if (!owner?.flat || info.ref.first > depth) continue;
      // The usual labels key (one undotted name below the owner) is read without building its path.
      const below = info.ref.first === depth && !info.ref.dotted ? [info.ref.property.key] : info.ref.path.slice(depth);
      let why: string | undefined;
      if (below.length > 1) why = `'${below.join('.')}' nests '${below.slice(1).join('.')}' under '${below[0]}'`;
      else if (info.ref.value && holdsObject(info.ref.value)) why = `'${below[0]}' holds an object`;
      if (why) out.push(findingAt(keySpanFrom(info.ref, depth), { message: `${info.openOwner} holds flat key/value pairs, without nested objects; ${why}` }));
    }
    return out;
  },
};

function holdsObject(node: ValueNode): boolean {
  return node.kind === 'object' || (node.kind === 'array' && node.items.some(holdsObject));
}
