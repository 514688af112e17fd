// The ingest pipeline file kind as the service sees it: the adapter of document/pipeline/ and the pipeline features.
import { loadProcessorTable } from '../../catalog/processors';
import { fileType } from '../../document/fileType';
import { FreshUnit, isPipeline, parsePipelineDocument, PipelineDocument, pipelineEndpoint, pipelineView } from './pipelineDocument';
import type { FeatureEnv } from '../../features/env';
import type { FileKindAdapter } from '../kind';
import { completePipeline, pipelineCompletionDocs } from './pipelineCompletion';
import { checkPipeline, digestFresh } from './pipelineDiagnostics';
import type { PipelineEnv } from './pipelineEnv';
import { pipelineFixes } from './pipelineFixes';
import { pipelineHints } from './pipelineHints';
import { hoverPipeline } from './pipelineHover';
import { pipelineRules } from './pipelineRules';

// A pipeline names every field in its dotted form: dotted names are its style, never a finding.
function pipelineEnv(env: FeatureEnv): PipelineEnv {
  return { ...env, dottedKeys: true, processors: loadProcessorTable() };
}

export const pipelineAdapter: FileKindAdapter<PipelineDocument> = {
  kind: 'ingestPipeline',
  rules: pipelineRules,
  takesRequest: (request) => pipelineEndpoint(request.path) !== undefined,
  parse: (text, type, requests, whole, previous) => parsePipelineDocument(text, type, loadProcessorTable(), requests, whole, previous && isPipeline(previous) ? previous : undefined),
  // A pipeline read as units is made whole for this (the workspace index asks only when an action on a mapping needs it).
  writtenFields: (doc) => doc.refs.filter((r) => r.access === 'write' && !r.detail.removes).map((r) => r.joinedPath),
  diagnostics: (doc, env) => checkPipeline(doc, pipelineEnv(env)),
  // The features read the processors around the offset or range only (a pipeline read as units parses just those).
  complete: (doc, offset, env) => completePipeline(around(doc, offset, offset), offset, pipelineEnv(env)),
  completionDocumentation: (docPath) => pipelineCompletionDocs(loadProcessorTable(), docPath),
  hover: (doc, offset, env) => hoverPipeline(around(doc, offset, offset), offset, pipelineEnv(env)),
  inlayHints: (doc, range, env) => pipelineHints(around(doc, range.start, range.end), range, pipelineEnv(env)),
  // Renaming `ecs.version` everywhere (foreign-meta-field, one finding per file) needs every processor.
  codeActions: (doc, shown, range) => pipelineFixes(
    shown.some((d) => d.code === 'foreign-meta-field' && d.start <= range.end && d.end >= range.start) ? doc : around(doc, range.start, range.end),
    shown, range, loadProcessorTable()),
};

/** Digests the units new in a JSON pipeline while file detection's parse has their trees (pipelineDiagnostics.ts). */
export function digestDetected(text: string, fresh: readonly FreshUnit[], env: FeatureEnv): void {
  digestFresh(text, fileType('ingestPipeline', 'json'), fresh, pipelineEnv(env));
}

function around(doc: PipelineDocument, start: number, end: number): PipelineDocument {
  return pipelineView(doc, { start, end }, loadProcessorTable());
}
