// The contract of one rule only a mapping can break: its code, default severity, the sentence it enforces and where
// that comes from (docs/mappings.md lists them), and a check over the whole mapping document.
import type { MappingDocument } from './mappingDocument';
import type { PipelineFinding } from '../pipelines/pipelineRule';
import type { FeatureEnv } from '../../features/env';
import type { RuleInfo } from '../../features/types';

/** A finding that may differ from its rule's default severity (type conflicts take the table's verdict), as a pipeline's. */
export type MappingFinding = PipelineFinding;

export interface MappingRule extends RuleInfo {
  check(doc: MappingDocument, env: FeatureEnv): MappingFinding[];
}
