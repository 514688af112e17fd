// The workspace's field index in the mapping row (issue 12): a generated workspace folder of event documents and
// ingest pipelines (half each, found by the default fieldwise.files.* globs), and what the index of it costs: the heap
// it keeps (built in this process, measured after garbage collection: the names, interned, never a text), the time
// to build it from the texts, and the server's peak memory with the mapping opened in that folder against the same
// session in a folder without it (kindRow.ts's mapping runs).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Catalog } from '../server/src/catalog/types';
import { LanguageService } from '../server/src/service/languageService';
import { benchDocument, BenchDocument } from './generate';
import { pipelineDocument } from './generatePipeline';
import { fieldwise } from './servers';
import { runSession, SessionFigures } from './session';
import { median } from './stats';

/** Files in the generated workspace: half event documents, half pipelines. */
export const WORKSPACE_FILES = 200;
const EVENT_BYTES = 40_000;
const PIPELINE_BYTES = 20_000;

export interface WorkspaceFigures {
  files: number;
  bytes: number;
  names: number;
  /** The heap the index keeps, after garbage collection (MB). */
  retainedMb: number;
  /** Building the index from the texts in this process (ms). */
  buildMs: number;
  /** The mapping's sessions in the workspace folder, and in a folder holding only the mapping (the same requests). */
  runs: SessionFigures[];
  alone: SessionFigures[];
  /** The first code action request on the mapping in the workspace: it waits for the folder's first read (ms, median). */
  firstActionMs: number;
}

/** Writes the workspace under `folder` (replacing what was there); its files, relative to it. */
export function generateWorkspace(folder: string, catalog: Catalog): string[] {
  rmSync(folder, { recursive: true, force: true });
  const files: string[] = [];
  const put = (path: string, text: string): void => {
    const full = join(folder, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
    files.push(path);
  };
  for (let n = 0; n < WORKSPACE_FILES / 2; n++) {
    put(`events/e-${n}.json`, benchDocument('json', `ws${n}`, EVENT_BYTES, 0, 1000 + n, 'clean', catalog).text);
    put(`elasticsearch/ingest_pipeline/p-${n}.json`, pipelineDocument(catalog, PIPELINE_BYTES, 0, 2000 + n).text);
  }
  return files;
}

/** `gc()`, exposed at run time (the bench runs without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The index of the workspace as the server builds it (LanguageService.indexFile), its kept heap and build time. */
export function measureIndex(folder: string, files: readonly string[], catalog: Catalog): Pick<WorkspaceFigures, 'files' | 'bytes' | 'names' | 'retainedMb' | 'buildMs'> {
  const gc = collector();
  const service = new LanguageService(catalog);
  const relativeName = (file: string): string => relative(folder, join(folder, file)).split(sep).join('/');
  // Warmed on one file first: the tables the adapters load once per process are not the index's.
  service.indexFile(relativeName(files[0]), readFileSync(join(folder, files[0]), 'utf8'));
  service.forgetFile(relativeName(files[0]));
  const before = heapAfterGc(gc);
  let bytes = 0;
  let buildMs = 0;
  for (const file of files) {
    const text = readFileSync(join(folder, file), 'utf8');
    bytes += text.length;
    const started = performance.now();
    service.indexFile(relativeName(file), text);
    buildMs += performance.now() - started;
  }
  const names = service.workspace.written().size;
  const retainedMb = (heapAfterGc(gc) - before) / 1024 / 1024;
  // The service is used after the measure, so it is alive during it.
  if (service.workspace.files !== files.length) throw new Error(`indexed ${service.workspace.files} of ${files.length} files`);
  return { files: files.length, bytes, names, retainedMb, buildMs };
}

/** The workspace's figures: the index in this process, and `runs` server sessions of the mapping opened in it. */
export async function benchWorkspace(runs: number, mapping: BenchDocument, folder: string, catalog: Catalog): Promise<WorkspaceFigures> {
  const files = generateWorkspace(folder, catalog);
  const index = measureIndex(folder, files, catalog);
  process.stderr.write(`workspace index: ${index.files} files, ${(index.bytes / 1e6).toFixed(1)} MB, ${index.names} names written, ` +
    `${index.retainedMb.toFixed(2)} MB kept, built in ${index.buildMs.toFixed(0)} ms\n`);
  writeFileSync(join(folder, mapping.name), mapping.text);
  const alone = join(folder, '..', 'workspace-alone');
  rmSync(alone, { recursive: true, force: true });
  mkdirSync(alone, { recursive: true });
  writeFileSync(join(alone, mapping.name), mapping.text);
  const sessions: SessionFigures[] = [];
  const aloneSessions: SessionFigures[] = [];
  const timed: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Alternating: the mapping in the workspace, then alone; each asks for the actions on its first `properties`
    // (which waits for the folder's first read), so the peak holds the whole read.
    for (const [where, list] of [[folder, sessions], [alone, aloneSessions]] as const) {
      let actionMs = NaN;
      const f = await runSession(fieldwise(), mapping, where, {
        probeBudgetMs: 60000, minProbes: 0, probes: false, timeoutMs: 180000,
        afterOpen: async (client, uri) => {
          const at = client.document(uri).positionAt(mapping.text.indexOf('"properties"') + 1);
          // The mapping maps every schema field, so no action is offered; the request still waits for the read.
          actionMs = (await client.timed<unknown>('textDocument/codeAction', { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: [] } })).ms;
        },
      });
      list.push(f);
      if (where === folder) timed.push(actionMs);
      process.stderr.write(`  fieldwise ${mapping.name} ${where === folder ? 'in the workspace' : 'alone'}, run ${run + 1}: open ${f.openMs.toFixed(0)} ms, first action ${actionMs.toFixed(0)} ms, ${f.memoryMb.toFixed(0)} MB\n`);
    }
  }
  return { ...index, runs: sessions, alone: aloneSessions, firstActionMs: median(timed) };
}

/** The median of a list of session figures. */
export function medianOf(list: readonly SessionFigures[], pick: (s: SessionFigures) => number): number {
  return median(list.map(pick));
}
