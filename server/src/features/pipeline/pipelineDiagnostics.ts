// Diagnostics of an ingest pipeline: the name rules of event keys on every field it writes (the same verdicts),
// a likely-typo warning on names it reads inside a defined set, and the pipeline's own rules (pipelineRules.ts).
import type { PipelineDocument } from '../../document/pipeline/pipelineDocument';
import type { FwDiagnostic } from '../types';
import { diagnostic, unitDiagnostics } from '../unitDiagnostics';
import type { PipelineEnv } from './pipelineEnv';
import { pipelineRules } from './pipelineRules';
import { writtenView } from './pipelineViews';

/** Every diagnostic of a pipeline document, document offsets, sorted, with the settings applied. */
export function checkPipeline(doc: PipelineDocument, env: PipelineEnv): FwDiagnostic[] {
  const own = (): FwDiagnostic[] => pipelineRules.flatMap((rule) => rule.check(doc, env).map((f) => diagnostic(rule.code, f.severity ?? rule.defaultSeverity, f)));
  return unitDiagnostics(doc.errors, writtenView(doc), own, env);
}
