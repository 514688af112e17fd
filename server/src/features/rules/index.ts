// The rules every file kind reports: syntax errors, YAML aliases not expanded, files too large to analyse, and the
// rules that judge a field name alone (scope `name`), which run on every kind's written names with the verdict an
// event key gets.
import type { Rule } from '../rule';
import { betaField } from './betaField';
import { customNameStyle } from './customNameStyle';
import { deprecatedField } from './deprecatedField';
import { foreignMetaField } from './foreignMetaField';
import { nestedOnly } from './nestedOnly';
import { notFlat } from './notFlat';
import { undefinedFieldSet } from './undefinedFieldSet';
import { unknownField } from './unknownField';
import { unnamespacedCustomField } from './unnamespacedCustomField';

import { syntaxError as syntaxErrorRule } from './syntaxError';
import { aliasExpansionLimit as aliasExpansionLimitRule } from './aliasExpansionLimit';

export { syntaxError } from './syntaxError';
export { aliasExpansionLimit } from './aliasExpansionLimit';
export { notAnalysed } from './notAnalysed';

/** The name rules, in the order their diagnostics are listed. */
export const nameRules: readonly Rule[] = [
  unknownField,
  nestedOnly,
  notFlat,
  deprecatedField,
  foreignMetaField,
  undefinedFieldSet,
  betaField,
  unnamespacedCustomField,
  customNameStyle,
];

/** What every kind reports besides its own rules: syntax errors, YAML aliases not expanded, the name rules over what it writes. */
export const sharedRules: readonly Rule[] = [syntaxErrorRule, aliasExpansionLimitRule, ...nameRules];
