// The bench's Beats row (issue 26): Fieldwise's server opens a generated Beats configuration of about 1 MB
// (generateBeats.ts) beside the clean 1 MB JSON event document (kindRow.ts); open to diagnostics of the configuration
// against the event document's (target: at most 1.0), completion and hover p95 at each kind of site inside it (an
// option's field name, a key under add_fields, a condition's key, a dissect key; target under 10 ms), one edit, and
// peak memory. `npm run bench -- --only beats` runs this row alone.
import type { Catalog } from '../server/src/catalog/types';
import { benchDocument } from './generate';
import { BEATS_PROBE_KINDS, beatsDocument, BeatsBenchDocument } from './generateBeats';
import { benchBeside, kindRows } from './kindRow';
import type { Row } from './table';

const BYTES = 1_000_000;
/** Probes per run: a quarter of each kind. */
const PROBES = 200;

/** The bench's Beats configuration (seed 26). */
export const benchBeatsDocument = (catalog: Catalog): BeatsBenchDocument => beatsDocument(catalog, BYTES, PROBES, 26);

/** The configuration's rows for the bench table: the "peer" column holds the event document's figure. */
export async function benchBeats(runs: number, catalog: Catalog, folder: string): Promise<Row[]> {
  const config = benchBeatsDocument(catalog);
  const event = benchDocument('json', '1mb', BYTES, 99, BYTES, 'clean', catalog);
  process.stderr.write(`${config.name}: ${(config.text.length / 1e6).toFixed(2)} MB, ${config.inputs} inputs, ${config.processors} processors, ` +
    `${config.completions.length} probes, ${config.injected.join('; ')}\n`);
  const f = await benchBeside(runs, config, event, folder);
  return kindRows(f, {
    document: `Beats filebeat.yml 1 MB (${(f.unit.bytes / 1e6).toFixed(2)} MB, ${config.processors} proc.)`,
    event: 'JSON 1 MB event document',
    edit: 'a processor renamed',
    probeKinds: BEATS_PROBE_KINDS,
  });
}
