// What the pipeline features know besides the document: the event features' environment and the processor table.
import type { ProcessorTable } from '../../catalog/processors';
import type { FeatureEnv } from '../../features/env';

export interface PipelineEnv extends FeatureEnv {
  processors: ProcessorTable;
}
