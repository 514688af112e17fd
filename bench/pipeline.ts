// The bench's pipeline row (issue 11): Fieldwise's server opens a generated ingest pipeline of about 1 MB
// (generatePipeline.ts) beside the clean 1 MB JSON event document (kindRow.ts); open to diagnostics of the pipeline
// against the event document's (target: at most 1.0), completion and hover p95 at each kind of site inside the
// pipeline (field values, grok patterns, mustache, painless; target under 10 ms), one edit, and peak memory.
// `npm run bench -- --only pipeline` runs this row alone.
import type { Catalog } from '../server/src/catalog/types';
import { benchDocument } from './generate';
import { PIPELINE_PROBE_KINDS, pipelineDocument, PipelineDocument } from './generatePipeline';
import { benchBeside, kindRows } from './kindRow';
import type { Row } from './table';

const BYTES = 1_000_000;
/** Probes per run: a quarter of each kind. */
const PROBES = 200;

/** The bench's pipeline document (seed 11). */
export const benchPipelineDocument = (catalog: Catalog): PipelineDocument => pipelineDocument(catalog, BYTES, PROBES, 11);

/** The pipeline's rows for the bench table: the "peer" column holds the event document's figure. */
export async function benchPipeline(runs: number, catalog: Catalog, folder: string): Promise<Row[]> {
  const pipeline = benchPipelineDocument(catalog);
  const event = benchDocument('json', '1mb', BYTES, 99, BYTES, 'clean', catalog);
  process.stderr.write(`${pipeline.name}: ${(pipeline.text.length / 1e6).toFixed(2)} MB, ${pipeline.processors} top-level processors, ` +
    `${pipeline.completions.length} probes, ${pipeline.injected.join('; ')}\n`);
  const f = await benchBeside(runs, pipeline, event, folder);
  return kindRows(f, {
    document: `JSON pipeline 1 MB (${(f.unit.bytes / 1e6).toFixed(2)} MB, ${pipeline.processors} proc.)`,
    event: 'JSON 1 MB event document',
    edit: 'pipeline: a processor renamed',
    probeKinds: PIPELINE_PROBE_KINDS,
  });
}
