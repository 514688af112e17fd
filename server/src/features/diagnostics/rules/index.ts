// Every diagnostic rule, in the order their diagnostics are listed; a new rule is one module and one line here.
import type { Rule } from '../rule';
import { betaField } from './betaField';
import { deprecatedField } from './deprecatedField';
import { dottedKey } from './dottedKey';
import { foreignMetaField } from './foreignMetaField';
import { invalidValue } from './invalidValue';
import { invalidVersion } from './invalidVersion';
import { missingRequired } from './missingRequired';
import { nestedOnly } from './nestedOnly';
import { notFlat } from './notFlat';
import { outOfRange } from './outOfRange';
import { syntaxError } from './syntaxError';
import { notAnalysed } from './notAnalysed';
import { typeMismatch } from './typeMismatch';
import { undefinedFieldSet } from './undefinedFieldSet';
import { unknownField } from './unknownField';
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
import { unnamespacedCustomField } from './unnamespacedCustomField';
import { customNameStyle } from './customNameStyle';
import { normalizedMessageMismatch } from './normalizedMessageMismatch';
import { syslogPriorityMismatch } from './syslogPriorityMismatch';

export const rules: readonly Rule[] = [
  syntaxError,
  notAnalysed,
  unknownField,
  nestedOnly,
  typeMismatch,
  invalidValue,
  missingRequired,
  invalidVersion,
  outOfRange,
  notFlat,
  dottedKey,
  deprecatedField,
  foreignMetaField,
  undefinedFieldSet,
  unrecommendedValue,
  betaField,
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
  unnamespacedCustomField,
  customNameStyle,
  normalizedMessageMismatch,
  syslogPriorityMismatch,
];
