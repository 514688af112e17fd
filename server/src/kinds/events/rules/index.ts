// Every rule of an event document, in the order their diagnostics are listed: the shared ones (features/rules/,
// the name rules with the events' fixes) and the events' own; a new rule is one module and one line here.
import type { Rule } from '../../../features/rule';
import { withEventFixes } from '../nameRuleFixes';
import { betaField } from '../../../features/rules/betaField';
import { deprecatedField } from '../../../features/rules/deprecatedField';
import { dottedKey } from './dottedKey';
import { foreignMetaField } from '../../../features/rules/foreignMetaField';
import { invalidValue } from './invalidValue';
import { invalidVersion } from './invalidVersion';
import { missingRequired } from './missingRequired';
import { nestedOnly } from '../../../features/rules/nestedOnly';
import { notFlat } from '../../../features/rules/notFlat';
import { outOfRange } from './outOfRange';
import { syntaxError } from '../../../features/rules/syntaxError';
import { aliasExpansionLimit } from '../../../features/rules/aliasExpansionLimit';
import { notAnalysed } from '../../../features/rules/notAnalysed';
import { typeMismatch } from './typeMismatch';
import { undefinedFieldSet } from '../../../features/rules/undefinedFieldSet';
import { unknownField } from '../../../features/rules/unknownField';
import { unrecommendedValue } from './unrecommendedValue';
import { timestampOrder } from './timestampOrder';
import { redundantEventCreated } from './redundantEventCreated';
import { durationMismatch } from './durationMismatch';
import { datasetForm } from './datasetForm';
import { datasetModuleMismatch } from './datasetModuleMismatch';
import { timezoneFormat } from './timezoneFormat';
import { missingNetworkProtocol } from './missingNetworkProtocol';
import { iamTypes } from './iamTypes';
import { outcomeNotExpected } from './outcomeNotExpected';
import { missingSourceDestination } from './missingSourceDestination';
import { clientServerMismatch } from './clientServerMismatch';
import { networkTotalMismatch } from './networkTotalMismatch';
import { addressNotDuplicated } from './addressNotDuplicated';
import { relatedIncomplete } from './relatedIncomplete';
import { domainPartsMismatch } from './domainPartsMismatch';
import { domainPartsMissing } from './domainPartsMissing';
import { wrongCase } from './wrongCase';
import { patternMismatch } from './patternMismatch';
import { tlsVersionFormat } from './tlsVersionFormat';
import { serverNameNotCopied } from './serverNameNotCopied';
import { urlNotation } from './urlNotation';
import { urlPartMismatch } from './urlPartMismatch';
import { hashName } from './hashName';
import { notAllowedChild } from './notAllowedChild';
import { argsCountMismatch } from './argsCountMismatch';
import { notAbsolutePath } from './notAbsolutePath';
import { domainUserName } from './domainUserName';
import { emailIdentifier } from './emailIdentifier';
import { unnamespacedCustomField } from '../../../features/rules/unnamespacedCustomField';
import { customNameStyle } from '../../../features/rules/customNameStyle';
import { normalizedMessageMismatch } from './normalizedMessageMismatch';
import { syslogPriorityMismatch } from './syslogPriorityMismatch';

export const rules: readonly Rule[] = [
  syntaxError,
  aliasExpansionLimit,
  notAnalysed,
  withEventFixes(unknownField),
  withEventFixes(nestedOnly),
  typeMismatch,
  invalidValue,
  missingRequired,
  invalidVersion,
  outOfRange,
  withEventFixes(notFlat),
  dottedKey,
  withEventFixes(deprecatedField),
  withEventFixes(foreignMetaField),
  withEventFixes(undefinedFieldSet),
  unrecommendedValue,
  withEventFixes(betaField),
  timestampOrder,
  redundantEventCreated,
  durationMismatch,
  datasetForm,
  datasetModuleMismatch,
  timezoneFormat,
  missingNetworkProtocol,
  iamTypes,
  outcomeNotExpected,
  missingSourceDestination,
  clientServerMismatch,
  networkTotalMismatch,
  addressNotDuplicated,
  relatedIncomplete,
  domainPartsMismatch,
  domainPartsMissing,
  wrongCase,
  patternMismatch,
  tlsVersionFormat,
  serverNameNotCopied,
  urlNotation,
  urlPartMismatch,
  hashName,
  notAllowedChild,
  argsCountMismatch,
  notAbsolutePath,
  domainUserName,
  emailIdentifier,
  withEventFixes(unnamespacedCustomField),
  withEventFixes(customNameStyle),
  normalizedMessageMismatch,
  syslogPriorityMismatch,
];
