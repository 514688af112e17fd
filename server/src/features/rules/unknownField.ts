// unknown-field: a name under a defined field set that the schema does not define, with "did you mean".
import type { Finding, Rule } from '../rule';
import { findingAt, keySpanFrom, withArticle } from '../values/values';

export const unknownField: Rule = {
  code: 'unknown-field',
  defaultSeverity: 'error',
  title: 'Unknown field',
  spec: 'Map as many source fields as possible to defined fields.',
  specSource: 'Document 1, Event document rules, rule 3 (names outside the schema\'s field sets are custom fields and allowed: Custom fields, rule 1)',
  scope: 'name',
  check(ctx) {
    const out: Finding[] = [];
    for (const info of ctx.infosWith('unknown')) {
      if (info.status !== 'unknown') continue;
      const path = info.ref.path.slice(0, info.at + 1).join('.');
      const resolution = info.resolution;
      const suggestions = resolution?.kind === 'unknown' ? resolution.suggestions.slice(0, 3) : [];
      let message: string;
      if (info.leaf) {
        message = `Unknown field '${path}': '${info.leaf.path}' is ${withArticle(info.leaf.type)} field and has no fields below it`;
      } else {
        const set = resolution?.kind === 'unknown' ? ` in the ${resolution.fieldSet.title} field set` : '';
        message = `Unknown field '${path}': the schema defines no such field${set}`;
      }
      if (suggestions.length > 0) message += `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?`;
      out.push(findingAt(keySpanFrom(info.ref, info.at), { message, data: { path, rest: info.ref.path.slice(info.at + 1), suggestions } }));
    }
    return out;
  },
};
