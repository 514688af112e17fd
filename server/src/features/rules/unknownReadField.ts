// What `unknown-read-field` says of itself: a name read inside a defined field set that names no field of it. The
// kinds that read names (ingest pipelines, Logstash pipelines) report it each with its own check, under this one code.
import type { RuleInfo } from '../types';

export const unknownReadFieldInfo: RuleInfo = {
  code: 'unknown-read-field',
  defaultSeverity: 'warning',
  title: 'Read field unknown in its field set',
  spec: 'A name a pipeline reads inside a field set the schema defines, naming no field of it, is most likely a typo (a read name outside the schema\'s sets is the pipeline\'s input and gets nothing; a name the pipeline writes itself, or writes an object above or a field below, is its own).',
  specSource: 'Fieldwise: Document 1, Event document rules, rule 3, applied to the names a pipeline reads',
};
