// The bench's mapping row (issue 12): Fieldwise's server opens a mapping with every schema field (what `fieldwise
// fields --format index-template` prints, about 100 KB) beside a clean JSON event document of the same size
// (kindRow.ts): open to diagnostics against the event document's, completion and hover p95 at field-name sites inside
// `properties` (target under 10 ms), one edit, and peak memory; then the workspace's field index (workspaceIndex.ts):
// what it keeps for a generated folder of events and pipelines. `npm run bench -- --only mapping` runs this row alone.
import type { Catalog } from '../server/src/catalog/types';
import { renderIndexTemplate } from '../server/src/cli/formats/indexTemplate';
import { BenchDocument, benchDocument, Probe } from './generate';
import { join } from 'node:path';
import { benchBeside, kindRows } from './kindRow';
import type { Row } from './table';
import { benchWorkspace, medianOf, WORKSPACE_FILES } from './workspaceIndex';

/** Kinds of probe site: a probe's `depth` is its kind's index here. */
export const MAPPING_PROBE_KINDS = ['top-level properties', 'nested properties'] as const;
/** Probes per kind and run, spread through the file. */
const PROBES = 100;

/** The template, with a completion and a hover probe at the field names inside `properties`, and its edit. */
export function benchMappingDocument(catalog: Catalog): BenchDocument {
  // One mistake from the start (the session opens to an error): destination.ip mapped as keyword.
  const printed = renderIndexTemplate(catalog);
  const wrong = ipType(printed, 'destination');
  const text = `${printed.slice(0, wrong)}"type": "keyword"${printed.slice(wrong + '"type": "ip"'.length)}`;
  // Sites by indentation: the pretty-printed template's key whose parent key is `properties` names a field.
  const sites: Array<{ start: number; name: string; depth: number }> = [];
  const stack: Array<{ indent: number; key: string }> = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const m = /^( *)"([^"]+)": /.exec(line);
    if (m) {
      const indent = m[1].length;
      while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
      if (stack[stack.length - 1]?.key === 'properties') {
        const nested = stack.filter((s) => s.key === 'properties').length > 1;
        sites.push({ start: at + indent + 1, name: m[2], depth: nested ? 1 : 0 });
      }
      stack.push({ indent, key: m[2] });
    }
    at += line.length + 1;
  }
  const completions: Probe[] = [];
  const hovers: Probe[] = [];
  MAPPING_PROBE_KINDS.forEach((kind, depth) => {
    const ofKind = sites.filter((s) => s.depth === depth);
    for (let p = 0; p < PROBES && ofKind.length > 0; p++) {
      const site = ofKind[Math.floor(((p + 0.5) * ofKind.length) / PROBES)];
      // Completion with the name's first letter typed (the level's names offered); hover inside the name.
      completions.push({ offset: site.start + 1, what: `${kind} ${site.name}`, depth });
      hovers.push({ offset: site.start + 1, what: `${kind} ${site.name}`, depth });
    }
  });
  // The edit: source.ip mapped as keyword (one more type error).
  const ip = ipType(text, 'source');
  const edit = { start: ip + '"type": "'.length, end: ip + '"type": "ip'.length, text: 'keyword' };
  return { name: 'bench-mapping-index-template.json', kind: 'clean', format: 'json', text, events: 1, completions, hovers, edit, injected: ['destination.ip mapped as keyword', 'source.ip mapped as keyword by the edit'] };
}

/** Where `"type": "ip"` of a top-level set's `ip` field is in the printed template. */
function ipType(text: string, set: string): number {
  const at = text.indexOf('"type": "ip"', text.indexOf('"ip": {', text.indexOf(`\n        "${set}": {`)));
  if (at < 0) throw new Error(`no ${set}.ip mapped as ip in the template`);
  return at;
}

/** The mapping's rows for the bench table: the "peer" column holds the event document's figure. */
export async function benchMapping(runs: number, catalog: Catalog, folder: string): Promise<Row[]> {
  const mapping = benchMappingDocument(catalog);
  const event = benchDocument('json', '100kb', mapping.text.length, 99, mapping.text.length, 'clean', catalog);
  process.stderr.write(`${mapping.name}: ${(mapping.text.length / 1e3).toFixed(0)} KB, ${mapping.completions.length} probes\n`);
  const f = await benchBeside(runs, mapping, event, folder);
  const rows = kindRows(f, {
    document: `JSON mapping, every schema field (${(f.unit.bytes / 1e3).toFixed(0)} KB)`,
    event: `JSON event document of the same size`,
    edit: 'mapping: source.ip mapped as keyword',
    probeKinds: MAPPING_PROBE_KINDS,
  });
  const ws = await benchWorkspace(runs, mapping, join(folder, '..', 'workspace'), catalog);
  const row = (measure: string, ours: string, peer = '', ratio = ''): Row => ({ document: '', measure, ours, peer, ratio, target: '', verdict: '', floor: '' });
  const open = medianOf(ws.runs, (s) => s.openMs);
  const alone = medianOf(ws.alone, (s) => s.openMs);
  const mem = medianOf(ws.runs, (s) => s.memoryMb);
  const memAlone = medianOf(ws.alone, (s) => s.memoryMb);
  rows.push(
    row(`workspace index of ${WORKSPACE_FILES} files (${(ws.bytes / 1e6).toFixed(1)} MB of events and pipelines, ${ws.names} names written): heap kept`, `${ws.retainedMb.toFixed(2)} MB`),
    row('workspace index: built from the texts, in process', `${ws.buildMs.toFixed(0)} ms`),
    row('open -> diagnostics in that workspace (peer column: a folder with the mapping alone; the files are read meanwhile)', `${open.toFixed(0)} ms`, `${alone.toFixed(0)} ms`, (open / alone).toFixed(2)),
    row('first code action on properties in that workspace (waits for the first read of the files)', `${ws.firstActionMs.toFixed(0)} ms`),
    row('peak memory (VmHWM) in that workspace, the read done (peer column: a folder with the mapping alone)', `${mem.toFixed(0)} MB`, `${memAlone.toFixed(0)} MB`, (mem / memAlone).toFixed(2)),
  );
  return rows;
}
