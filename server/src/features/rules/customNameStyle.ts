// custom-name-style: a lower-case custom name that breaks the naming rules (a space, a hyphen or another special
// character, upper case inside it: `my-tool`, `fooBar`); capitalized names (`Vendor.Field`) are allowed as they are.
import { followsNamingRules, isLowerCaseName, snakeCase } from '../values/notation';
import type { Finding, Rule } from '../rule';
import { findingAt } from '../values/values';

export const customNameStyle: Rule = {
  code: 'custom-name-style',
  defaultSeverity: 'hint',
  title: 'Custom name breaks the naming rules',
  spec: 'Lower case only. Words joined with underscore; no special characters except underscore. Using capitalization in custom field names (e.g. a generic concept name written with capital letters) cannot collide with defined fields, because defined names are never capitalized.',
  specSource: 'Document 1, Field naming rules, rules 1 and 2; Custom fields, rule 4',
  scope: 'name',
  check(ctx) {
    const out: Finding[] = [];
    for (const info of ctx.infosWith('custom')) {
      if (info.status !== 'custom') continue;
      const ref = info.ref;
      for (let i = Math.max(ref.first, info.at); i < ref.path.length; i++) {
        const name = ref.path[i];
        if (!isLowerCaseName(name) || followsNamingRules(name)) continue;
        const respelt = snakeCase(name);
        const newPath = [...ref.path.slice(0, i), respelt, ...ref.path.slice(i + 1)].join('.');
        const suggestion = respelt !== '' && !ctx.view.get(newPath) ? respelt : undefined;
        out.push(findingAt(ref.segments[i - ref.first], {
          message: `Custom name '${name}' is lower case but not in the naming rules' form (lower case, words joined with underscores, no other special characters)${suggestion ? `: '${suggestion}'` : ''}; a capitalized name is allowed as it is`,
          data: suggestion === undefined ? undefined : { index: i - ref.first, name: suggestion },
        }));
      }
    }
    return out;
  },
};
