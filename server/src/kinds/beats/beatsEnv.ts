// What the Beats features know besides the document: the features' environment and the Beats processor table.
import { BeatsProcessorTable, loadBeatsProcessorTable } from '../../catalog/beatsProcessors';
import type { FeatureEnv } from '../../features/env';

export interface BeatsEnv extends FeatureEnv {
  beats: BeatsProcessorTable;
}

// Beats reads dotted keys as nesting: a dotted name is its style, never a finding.
export function beatsEnv(env: FeatureEnv): BeatsEnv {
  return { ...env, dottedKeys: true, beats: loadBeatsProcessorTable() };
}
