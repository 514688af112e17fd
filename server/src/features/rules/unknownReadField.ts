// What `unknown-read-field` says of itself: a name read inside a defined field set that names no field of it. The
// kinds that read names (ingest pipelines, Logstash pipelines) report it each with its own check, under this one code.
import type { FieldRef } from '../../document/fieldRefs';
import type { Verdict } from '../names/refVerdict';
import type { Finding } from '../rule';
import type { RuleInfo } from '../types';
import { findingAt, keySpanFrom } from '../values/values';

export const unknownReadFieldInfo: RuleInfo = {
  code: 'unknown-read-field',
  defaultSeverity: 'warning',
  title: 'Read field unknown in its field set',
  spec: 'A name a pipeline reads inside a field set the schema defines, naming no field of it, is most likely a typo (a read name outside the schema\'s sets is the pipeline\'s input and gets nothing; a name the pipeline writes itself, or writes an object above or a field below, is its own).',
  specSource: 'Fieldwise: Document 1, Event document rules, rule 3, applied to the names a pipeline reads',
};

/** The finding on a read name whose verdict is "unknown in its defined set", at the first name the set lacks; else undefined. */
export function unknownReadFinding(ref: FieldRef, verdict: Verdict): Finding | undefined {
  const resolution = verdict.resolution;
  if (verdict.status !== 'unknown' || resolution?.kind !== 'unknown') return undefined;
  const path = ref.path.slice(0, verdict.at + 1).join('.');
  const suggestions = resolution.suggestions.slice(0, 3);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '';
  return findingAt(keySpanFrom(ref, verdict.at), {
    message: `'${path}' is read here, but the ${resolution.fieldSet.title} field set defines no such field${hint}`,
    data: { path, rest: ref.path.slice(verdict.at + 1), suggestions },
  });
}
