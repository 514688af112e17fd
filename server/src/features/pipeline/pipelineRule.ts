// The contract of one rule only a pipeline can break: its code, default severity, the sentence it enforces and
// where that comes from (docs/pipelines.md lists them), and a check over the whole pipeline document.
import type { PipelineDocument } from '../../document/pipeline/pipelineDocument';
import type { Finding } from '../diagnostics/rule';
import type { RuleInfo, Severity } from '../types';
import type { PipelineEnv } from './pipelineEnv';

/** A finding that may differ from its rule's default severity (type conflicts take the table's verdict). */
export interface PipelineFinding extends Finding {
  severity?: Severity;
}

/** `spec`: the sentence the rule enforces; `specSource`: the Elasticsearch ingest reference, or Fieldwise's own advice. */
export interface PipelineRule extends RuleInfo {
  check(doc: PipelineDocument, env: PipelineEnv): PipelineFinding[];
}

