// Diagnostics of a mapping: the name rules of event keys on every field name it declares (the same verdicts; a
// deprecated field is information here, for mapping it keeps older data searchable), and the mapping's own rules.
import { EventView } from '../../document/fieldRefs';
import type { MappingDocument } from './mappingDocument';
import type { EventSlice } from '../../document/model';
import { diagnostic, documentDiagnostics } from '../../features/findings';
import type { FeatureEnv } from '../../features/env';
import type { FwDiagnostic, Severity } from '../../features/types';
import { mappingRules } from './mappingRules';

/** Name rules whose default differs in a mapping. */
export const MAPPING_NAME_SEVERITY: Readonly<Record<string, Severity>> = { 'deprecated-field': 'information' };

/** The declared names as the rules of event keys read them: one view, indexed like one event's. */
export function declaredView(doc: MappingDocument): EventView {
  const slice: EventSlice = { index: 0, start: 0, text: doc.text, root: undefined, errors: [] };
  return new EventView(slice, doc.refs);
}

/** Every diagnostic of a mapping document, document offsets, sorted, with the settings applied. */
export function checkMapping(doc: MappingDocument, env: FeatureEnv): FwDiagnostic[] {
  const own = (): FwDiagnostic[] => mappingRules.flatMap((rule) => rule.check(doc, env).map((f) => diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f)));
  return documentDiagnostics(doc.errors, declaredView(doc), own, env, undefined, MAPPING_NAME_SEVERITY);
}
