// Diagnostics of a field definitions file: the name rules of event keys on every name it defines (the same verdicts
// as an event's keys), and the file's own rules (definitionRules.ts). An `external: ecs` name claims to be the
// schema family's: that it is not this schema's is said once, by unknown-external-field.
import { EventView } from '../../document/fieldRefs';
import { FieldDefinitionsDocument, textOf } from './fieldDefinitionsDocument';
import type { EventSlice, ObjectNode, Span } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import type { FeatureEnv } from '../../features/env';
import type { FwDiagnostic } from '../../features/types';
import { diagnostic, documentDiagnostics } from '../../features/findings';
import { definitionRules, ownSpan, unknownExternalField } from './definitionRules';

/**
 * What the name rules still say of an external name, as of an event key: it is another family's meta field,
 * deprecated, in beta, or in a set the schema names but does not define.
 */
const ON_EXTERNAL: ReadonlySet<string> = new Set(['foreign-meta-field', 'deprecated-field', 'beta-field', 'undefined-field-set']);

export function checkFieldDefinitions(doc: FieldDefinitionsDocument, fileEnv: FeatureEnv): FwDiagnostic[] {
  // A definitions file names fields in their dotted form as often as in groups: dotted names are its style.
  const env: FeatureEnv = { ...fileEnv, dottedKeys: true };
  const slice: EventSlice = { index: 0, start: 0, text: doc.text, root: undefined, errors: [] };
  const external: Span[] = [];
  for (const item of doc.items) if (textOf(item.external) === 'ecs' && item.ref) external.push({ start: item.ref.segments[0].start, end: item.ref.segments[item.ref.segments.length - 1].end });
  // The schema family's own source format places a reusable set below other sets only (`reusable.top_level: false`):
  // defined at the root of that file, it is not used there.
  const nestedByFormat: Span[] = [];
  for (const item of doc.items) if (!item.parent && item.ref && notTopLevel(item.node)) nestedByFormat.push(ownSpan(item));
  const within = (d: FwDiagnostic, spans: readonly Span[]): boolean => spans.some((s) => s.start <= d.start && d.end <= s.end);
  const keptOnExternal: Span[] = [];
  // A set's verdict is the set's: said on the first name below it, not again on each (`user_agent.name`, `.version`).
  const setsSaid = new Set<string>();
  const keepName = (d: FwDiagnostic): boolean => {
    if (d.code === 'nested-only' && within(d, nestedByFormat)) return false;
    if (d.code === 'undefined-field-set') {
      if (setsSaid.has(d.message)) return false;
      setsSaid.add(d.message);
    }
    if (!within(d, external)) return true;
    if (!ON_EXTERNAL.has(d.code)) return false;
    keptOnExternal.push(d);
    return true;
  };
  const own = (): FwDiagnostic[] => definitionRules.flatMap((rule) => rule.check(doc, env)
    .map((f) => diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f))
    .filter((d) => rule !== unknownExternalField || !keptOnExternal.some((k) => k.start <= d.end && d.start <= k.end)));
  return documentDiagnostics(doc.errors, new EventView(slice, doc.refs), own, env, keepName);
}

/** `reusable: {top_level: false}`: a field set the schema family's source format reuses only nested. */
function notTopLevel(node: ObjectNode): boolean {
  const reusable = valueOf(node, 'reusable');
  const topLevel = reusable?.kind === 'object' ? valueOf(reusable, 'top_level') : undefined;
  return topLevel?.kind === 'boolean' && topLevel.value === false;
}
