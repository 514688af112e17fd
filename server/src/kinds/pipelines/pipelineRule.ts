// The contract of one rule only a pipeline can break: its code, default severity, the sentence it enforces and
// where that comes from (docs/pipelines.md lists them), and a check over the whole pipeline document.
import type { PipelineDocument } from './pipelineDocument';
import type { Finding } from '../../features/rule';
import type { RuleInfo, Severity } from '../../features/types';
import type { PipelineEnv } from './pipelineEnv';

/**
 * A finding that may differ from its rule's default severity (type conflicts take the table's verdict). A finding
 * about one processor may hold only unless another processor says otherwise: it names the fact (PipelineFacts) that
 * would void it, so that it can be found on the processor alone and judged against the whole pipeline after.
 */
export interface PipelineFinding extends Finding {
  severity?: Severity;
  /** Void if some convert processor writes this field (a grok capture left a string there). */
  unlessConverted?: string;
  /** Void if the pipeline writes this path, an object above it or makes it by writing below it (a name read is its own). */
  unlessWritten?: readonly string[];
}

/**
 * What the pipeline's processors state as a whole: what voids a conditional finding (PipelineFinding). Each is made on
 * first read (an edit asks again): the written paths only when some finding names one.
 */
export interface PipelineFacts {
  /** The schema fields that some convert processor writes (its `target_field`, else its `field`). */
  converted(): ReadonlySet<string>;
  /** The joined paths the pipeline writes. */
  written(): ReadonlySet<string>;
  /** Every path a write makes: the written paths and each object above them. */
  made(): ReadonlySet<string>;
}

/**
 * An empty list for a processor rule's findings, of the kind of array a filled one is: a literal `[]` is a list of small
 * integers until an object is pushed, and the code reading every rule's list on a cold open (digestsOf) was thrown away
 * and compiled again at the first list of the other kind.
 */
export function findingList(): PipelineFinding[] {
  const list: PipelineFinding[] = [NO_FINDING];
  list.pop();
  return list;
}

const NO_FINDING: PipelineFinding = { start: 0, end: 0, message: '' };

/** Whether a finding stands against the whole pipeline's facts. */
export function stands(f: Pick<PipelineFinding, 'unlessConverted' | 'unlessWritten'>, facts: PipelineFacts): boolean {
  if (f.unlessConverted !== undefined && facts.converted().has(f.unlessConverted)) return false;
  const path = f.unlessWritten;
  if (path === undefined) return true;
  const written = facts.written();
  const made = facts.made();
  if (made.has(path.join('.'))) return false;
  let prefix = '';
  for (const name of path) {
    prefix = prefix === '' ? name : `${prefix}.${name}`;
    if (written.has(prefix)) return false;
  }
  return true;
}

/**
 * `spec`: the sentence the rule enforces; `specSource`: the Elasticsearch ingest reference, or Fieldwise's own advice.
 * `scope`: `processor` when each finding follows from one processor's text (a pipeline read as units checks each
 * processor alone and keeps its findings while its text is unchanged; a finding another processor may void says so),
 * `body` when it reads the pipeline body's own keys (description, processors, on_failure).
 */
export interface PipelineRule extends RuleInfo {
  readonly scope: 'processor' | 'body';
  check(doc: PipelineDocument, env: PipelineEnv): PipelineFinding[];
}

