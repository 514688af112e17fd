// What the pipeline features know besides the document: the event features' environment and the processor table.
import type { PipelineKnowledge } from '../../document/pipeline/knowledge';
import type { FeatureEnv } from '../env';

export interface PipelineEnv extends FeatureEnv {
  knowledge: PipelineKnowledge;
}
