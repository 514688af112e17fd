// The ingest pipeline file kind as the service sees it: the adapter of document/pipeline/ and the pipeline features.
import { loadProcessorTable } from '../../catalog/processors';
import { parsePipelineDocument, PipelineDocument, pipelineEndpoint } from '../../document/pipeline/pipelineDocument';
import type { FeatureEnv } from '../env';
import type { FileKindAdapter } from '../fileKindAdapter';
import { completePipeline, pipelineCompletionDocs } from './pipelineCompletion';
import { checkPipeline } from './pipelineDiagnostics';
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
  parse: (text, type, requests, whole) => parsePipelineDocument(text, type, loadProcessorTable(), requests, whole),
  writtenFields: (doc) => doc.refs.filter((r) => r.access === 'write' && !r.detail.removes).map((r) => r.joinedPath),
  diagnostics: (doc, env) => checkPipeline(doc, pipelineEnv(env)),
  complete: (doc, offset, env) => completePipeline(doc, offset, pipelineEnv(env)),
  completionDocumentation: (docPath) => pipelineCompletionDocs(loadProcessorTable(), docPath),
  hover: (doc, offset, env) => hoverPipeline(doc, offset, pipelineEnv(env)),
  inlayHints: (doc, range, env) => pipelineHints(doc, range, pipelineEnv(env)),
  codeActions: (doc, shown, range) => pipelineFixes(doc, shown, range, loadProcessorTable()),
};
