// What a pipeline adds to the one rule contract (features/rule.ts): a finding about one processor may hold only unless
// another processor says otherwise, and the facts of the whole pipeline that decide it.
import type { PipelineDocument } from './pipelineDocument';
import type { Finding } from '../../features/rule';
import type { Rule } from '../../features/rule';
import type { PipelineEnv } from './pipelineEnv';

/**
 * A finding about one processor may hold only unless another processor says otherwise: it names the fact
 * (PipelineFacts) that would void it, so that it can be found on the processor alone and judged against the whole
 * pipeline after.
 */
export interface PipelineFinding extends Finding {
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
 * A rule only a pipeline can break (docs/pipelines.md lists them): scope `processor` when each finding follows from one
 * processor's text (a pipeline read as units checks each processor alone and keeps its findings while its text is
 * unchanged; a finding another processor may void says so), `body` when it reads the pipeline body's own keys.
 */
export type PipelineRule = Rule<PipelineDocument, PipelineEnv, PipelineFinding> & { readonly scope: 'processor' | 'body' };
