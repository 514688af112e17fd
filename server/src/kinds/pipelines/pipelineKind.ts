// Ingest pipelines as a file kind: pipeline bodies in JSON or YAML files and console requests. A well-formed JSON
// pipeline is read as units, one per top-level processor (pipelineUnits.ts), kept across versions while their text
// is unchanged; the features read only the units around the offset or range they answer for.
import { loadProcessorTable } from '../../catalog/processors';
import { fileType } from '../../document/fileType';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';
import type { CacheSlot } from '../../features/featureCaches';
import type { FeatureEnv } from '../../features/env';
import { limitedTo } from '../../features/completionLimit';
import { sharedRules } from '../../features/rules';
import type { ContentProbe, FileKind } from '../kind';
import { wholeCheck } from '../kind';
import { looksLikePipeline, mightBePipeline } from './looksLikePipeline';
import { completePipeline, pipelineCompletionDocs } from './pipelineCompletion';
import { checkPipeline, digestFresh } from './pipelineDiagnostics';
import { parsePipelineDocument, PipelineDocument, pipelineEndpoint, pipelineView } from './pipelineDocument';
import type { PipelineEnv } from './pipelineEnv';
import { pipelineFixes } from './pipelineFixes';
import { pipelineHints } from './pipelineHints';
import { hoverPipeline } from './pipelineHover';
import { pipelineRules } from './pipelineRules';
import { renameRefs, workspaceRef } from '../../features/workspaceRefs';
import { pipelineLinks, pipelineNames, pipelineSymbols, pipelineTags } from './pipelineOutline';
import { FreshUnit, isPipelineUnits, parsePipelineUnits, PipelineUnits } from './pipelineUnits';

/** Files whose last units recognition keeps: a few open pipelines at a time is the case. */
const LAST_UNITS = 8;

/** Per file, the units of the last JSON pipeline recognition read: the next version keeps the unchanged ones. */
const lastUnitsSlot: CacheSlot<Map<string, PipelineUnits>> = { name: 'pipeline units', create: () => new Map() };

// A pipeline names every field in its dotted form: dotted names are its style, never a finding.
function pipelineEnv(env: FeatureEnv): PipelineEnv {
  return { ...env, dottedKeys: true, processors: loadProcessorTable() };
}

export const pipelineKind: FileKind<PipelineDocument> = {
  name: 'ingestPipeline',
  noun: 'pipeline file',
  cliName: 'pipeline',
  formats: ['json', 'yaml'],
  files: {
    setting: 'pipelines',
    defaults: ['**/elasticsearch/ingest_pipeline/*.{json,yml,yaml}', '**/ingest/*.{json,yml,yaml}', '**/ingest_pipelines/**/*.{json,yml,yaml}'],
  },
  rules: [...sharedRules, ...pipelineRules],
  recognise(probe, env) {
    if (!mightBePipeline(probe.text)) return false;
    const table = loadProcessorTable();
    const whole = probe.format === 'json' ? unitsOrWhole(probe, env) : probe.whole();
    if (!looksLikePipeline(whole.root, table)) return false;
    return parsePipelineDocument(probe.text, fileType('ingestPipeline', probe.format), table, undefined, whole);
  },
  takesRequest: (request) => pipelineEndpoint(request.path) !== undefined,
  parse: (text, type, { requests, whole, previous }) => parsePipelineDocument(text, type, loadProcessorTable(), requests, whole, previous),
  diagnostics: (doc, env) => wholeCheck(() => checkPipeline(doc, pipelineEnv(env))),
  // The features read the processors around the offset or range only (a pipeline read as units parses just those).
  complete: (doc, offset, env, max) => limitedTo(completePipeline(around(doc, offset, offset), offset, pipelineEnv(env)), doc.text, offset, max),
  completionDocumentation: (docPath) => pipelineCompletionDocs(loadProcessorTable, docPath),
  hover: (doc, offset, env) => hoverPipeline(around(doc, offset, offset), offset, pipelineEnv(env)),
  inlayHints: (doc, range, env) => pipelineHints(around(doc, range.start, range.end), range, pipelineEnv(env)),
  // Renaming `ecs.version` everywhere (foreign-meta-field, one finding per file) needs every processor.
  codeActions: (doc, range, { shown }) => pipelineFixes(
    shown.some((d) => d.code === 'foreign-meta-field' && d.start <= range.end && d.end >= range.start) ? doc : around(doc, range.start, range.end),
    shown, range, loadProcessorTable()),
  // A pipeline read as units is made whole for this (the workspace index asks only when an action on a mapping needs it).
  symbols: pipelineSymbols,
  // A read of the whole document (a pipeline read as units is made whole): what the workspace index asks.
  *references(doc) {
    for (const ref of doc.refs) yield workspaceRef(ref, ref.access === 'write' && !ref.detail.removes ? 'write' : 'read');
  },
  rename: (doc, from, to) => renameRefs(doc.text, doc.type.format, doc.refs, from, to),
  tags: pipelineTags,
  links: pipelineLinks,
  answersTo: (file) => pipelineNames(file),
  writtenFields: (doc) => doc.refs.filter((r) => r.access === 'write' && !r.detail.removes).map((r) => r.joinedPath),
};

/**
 * A JSON text as a pipeline's units when it is one (keeping the units of this file's last version that are unchanged:
 * recognition runs on every version), new units digested for their first check while this parse has their trees;
 * anything that is not well-formed JSON is parsed whole.
 */
function unitsOrWhole(probe: ContentProbe, env: FeatureEnv): ParsedValue {
  const last = env.caches.slot(lastUnitsSlot);
  const type = fileType('ingestPipeline', 'json');
  const penv = pipelineEnv(env);
  // New units are digested for their first check while this parse has their trees (not parsed again then).
  const digest = probe.checkNext ? (fresh: readonly FreshUnit[]) => digestFresh(probe.text, type, fresh, penv) : undefined;
  const parsed = parsePipelineUnits(probe.text, penv.processors, probe.checkNext ? last.get(probe.file) : undefined, digest);
  if (isPipelineUnits(parsed) && probe.checkNext) {
    last.delete(probe.file);
    last.set(probe.file, parsed);
    // The oldest file's go first (a Map iterates in insertion order).
    if (last.size > LAST_UNITS) last.delete(last.keys().next().value!);
  }
  return parsed.root !== undefined ? parsed : probe.whole();
}

function around(doc: PipelineDocument, start: number, end: number): PipelineDocument {
  return pipelineView(doc, { start, end }, loadProcessorTable());
}
