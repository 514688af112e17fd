// The integrations-sized workspace (issue 27): a generated folder shaped like the Elastic integrations repository
// (hundreds of packages, each with data streams holding field files, pipelines, a sample event, expected test outputs,
// agent streams and docs: tens of thousands of files), and what one field across every file costs there:
// - the open file's first diagnostics in that folder against the same file alone in a folder (the ratio's bound: 1.2),
// - the time to a complete index (from the open to the end of the read's progress),
// - the index's memory (built in this process from the same files, heap after garbage collection; bound: 300 MB),
// - find references at the 95th percentile over fields of every kind (bound: 200 ms),
// - a rename of a custom field used in 100 files (bound: 1 s).
// `npm run bench -- --only workspace`; `--packages N` changes the size (default 400).
import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createProtocolConnection, DidOpenTextDocumentNotification, InitializedNotification, InitializeRequest, ProtocolConnection,
  StreamMessageReader, StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import type { Catalog } from '../server/src/catalog/types';
import { LanguageService } from '../server/src/service/languageService';
import { expandPaths } from '../server/src/service/detect';
import { defaultSettings } from '../server/src/service/settings';
import { indexesFile } from '../server/src/service/workspaceIndex';
import { capabilities, fieldwise } from './servers';
import { percentile } from './stats';

export interface IntegrationsFigures {
  packages: number;
  files: number;
  indexedFiles: number;
  megabytes: number;
  /** The open pipeline's first diagnostics: in the workspace, and alone in a folder (ms, median of the runs). */
  firstInWorkspaceMs: number;
  firstAloneMs: number;
  /** From the open to the end of the first read's progress (ms). */
  completeIndexMs: number;
  /** The index's heap, built in this process (MB). */
  indexMb: number;
  /** The server's resident memory once the index is complete (MB). */
  serverRssMb: number;
  referencesP95Ms: number;
  referencesCount: number;
  renameMs: number;
  renameFiles: number;
}

const STREAM_KINDS = ['access', 'error', 'audit', 'events', 'metrics', 'alerts'];
const SCHEMA_FIELDS = ['source.ip', 'source.port', 'destination.ip', 'destination.port', 'event.category', 'event.kind', 'event.type', 'event.outcome',
  'host.name', 'user.name', 'url.original', 'url.domain', 'http.request.method', 'http.response.status_code', 'network.protocol', 'message',
  'error.message', 'process.pid', 'process.name', 'file.path', 'related.ip', 'related.user', 'observer.vendor', 'tags'];
/** The custom field the rename row renames: in 20 data streams' pipeline, field file, sample event and two expected outputs (100 files). */
export const SHARED_FIELD = 'acme.shared.correlation_id';
const SHARED_STREAMS = 20;

/** Writes the workspace under `folder` (replacing what was there); its size. */
export function generateIntegrations(folder: string, packages: number): { files: number; bytes: number; pipeline: string } {
  rmSync(folder, { recursive: true, force: true });
  let files = 0;
  let bytes = 0;
  const put = (path: string, text: string): void => {
    const full = join(folder, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
    files++;
    bytes += text.length;
  };
  let shared = 0;
  for (let p = 0; p < packages; p++) {
    const pkg = `pkg${p}`;
    const root = `packages/${pkg}`;
    put(`${root}/manifest.yml`, `format_version: 3.0.0\nname: ${pkg}\ntitle: Package ${p}\nversion: 1.${p % 10}.0\ntype: integration\n`);
    put(`${root}/changelog.yml`, `- version: 1.${p % 10}.0\n  changes:\n    - description: Initial release.\n      type: enhancement\n      link: https://example.com/${p}\n`);
    put(`${root}/docs/README.md`, `# Package ${p}\n\nCollects logs.\n`);
    if (p % 3 === 0) put(`${root}/_dev/build/build.yml`, 'dependencies:\n  ecs:\n    reference: git@v8.11.0\n    import_mappings: true\n');
    const streams = 4 + (p % 3);
    for (let s = 0; s < streams; s++) {
      const stream = STREAM_KINDS[s % STREAM_KINDS.length];
      const ds = `${root}/data_stream/${stream}`;
      const own = Array.from({ length: 30 }, (_, i) => `${pkg}.${stream}.field_${i}`);
      const schema = SCHEMA_FIELDS.filter((_, i) => (i + s + p) % 3 !== 0);
      const withShared = shared < SHARED_STREAMS && s === 0 && p % Math.max(1, Math.floor(packages / SHARED_STREAMS)) === 0;
      if (withShared) shared++;
      put(`${ds}/manifest.yml`, `title: ${stream}\ntype: logs\nstreams:\n  - input: logfile\n    title: ${stream} logs\n`);
      put(`${ds}/fields/base-fields.yml`, "- name: data_stream.type\n  type: constant_keyword\n  description: Data stream type.\n- name: data_stream.dataset\n  type: constant_keyword\n  description: Data stream dataset.\n- name: data_stream.namespace\n  type: constant_keyword\n  description: Data stream namespace.\n- name: '@timestamp'\n  type: date\n  description: Event timestamp.\n");
      put(`${ds}/fields/ecs.yml`, schema.map((f) => `- name: ${f}\n  external: ecs\n`).join(''));
      put(`${ds}/fields/fields.yml`, `- name: ${pkg}.${stream}\n  type: group\n  fields:\n${own.map((f) => `    - name: ${f.split('.').pop()}\n      type: keyword\n      description: Field ${f}.\n`).join('')}${withShared ? '- name: acme.shared.correlation_id\n  type: keyword\n  description: Correlation.\n' : ''}`);
      const processors = [
        `  - set:\n      tag: set_kind_${p}_${s}\n      field: event.kind\n      value: event\n`,
        `  - grok:\n      tag: parse_${p}_${s}\n      field: message\n      patterns:\n        - '%{IP:source.ip}:%{NUMBER:source.port:long} %{WORD:${own[0]}} %{DATA:${own[1]}}'\n`,
        ...own.slice(2).map((f, i) => `  - rename:\n      field: json.f${i}\n      target_field: ${f}\n      ignore_missing: true\n`),
        ...schema.map((f) => `  - set:\n      field: ${f}\n      copy_from: json.${f.replace(/\./g, '_')}\n      ignore_empty_value: true\n`),
        `  - script:\n      lang: painless\n      source: "if (ctx.${own[3]} != null) { ctx.${own[4]} = ctx.${own[3]}.toLowerCase(); }"\n`,
        ...(withShared ? [`  - set:\n      field: ${SHARED_FIELD}\n      value: '{{${own[0]}}}'\n`] : []),
        '  - remove:\n      field: json\n      ignore_missing: true\n',
      ];
      put(`${ds}/elasticsearch/ingest_pipeline/default.yml`, `description: Pipeline for ${pkg} ${stream}\nprocessors:\n${processors.join('')}on_failure:\n  - set:\n      field: event.kind\n      value: pipeline_error\n  - append:\n      field: error.message\n      value: '{{{ _ingest.on_failure_message }}}'\n`);
      const event = (n: number): Record<string, unknown> => {
        const out: Record<string, unknown> = { '@timestamp': `2024-01-0${1 + (n % 9)}T00:00:00.000Z`, data_stream: { type: 'logs', dataset: `${pkg}.${stream}`, namespace: 'default' } };
        for (const f of [...schema, ...own.slice(0, 12), ...(withShared ? [SHARED_FIELD] : [])]) {
          const names = f.split('.');
          let at = out;
          for (const name of names.slice(0, -1)) at = (at[name] ??= {}) as Record<string, unknown>;
          at[names[names.length - 1]] = f.endsWith('.ip') ? `10.0.${n % 250}.${p % 250}` : f.endsWith('.port') || f.endsWith('pid') || f.endsWith('code') ? 80 + n : f === 'event.kind' ? 'event' : f === 'tags' || f.startsWith('related.') || f === 'event.category' || f === 'event.type' ? ['web'] : `value ${n}`;
        }
        return out;
      };
      put(`${ds}/sample_event.json`, `${JSON.stringify(event(0), null, 4)}\n`);
      for (let t = 0; t < 2; t++) {
        put(`${ds}/_dev/test/pipeline/test-${stream}-${t}.log`, `10.0.0.${t}:80 a b\n`);
        put(`${ds}/_dev/test/pipeline/test-${stream}-${t}.log-expected.json`, `${JSON.stringify({ expected: [event(t + 1), event(t + 2)] }, null, 4)}\n`);
      }
      put(`${ds}/agent/stream/stream.yml.hbs`, 'paths:\n{{#each paths}}\n  - {{this}}\n{{/each}}\n');
    }
  }
  return { files, bytes, pipeline: `packages/pkg0/data_stream/${STREAM_KINDS[0]}/elasticsearch/ingest_pipeline/default.yml` };
}

/** `gc()`, exposed at run time (the bench runs without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The index of the folder as the server builds it, its kept heap (MB) and how many files it read. */
function indexHeap(folder: string, catalog: Catalog): { mb: number; indexed: number } {
  const gc = collector();
  gc();
  const before = process.memoryUsage().heapUsed;
  const service = new LanguageService(catalog);
  let indexed = 0;
  for (const candidate of expandPaths(['.'], folder, defaultSettings.files.console).candidates) {
    const file = candidate.globPath;
    if (!indexesFile(defaultSettings, file)) continue;
    service.indexFile(file, readFileSync(candidate.path, 'utf8'));
    indexed++;
  }
  gc();
  gc();
  const mb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  // The service is alive through the measure.
  if (service.workspace.files === 0) throw new Error('nothing indexed');
  return { mb, indexed };
}

interface Session {
  connection: ProtocolConnection;
  child: ChildProcess;
  progressEnded: Promise<number>;
}

async function start(folder: string): Promise<Session> {
  const setup = fieldwise();
  const [cmd, ...args] = setup.command;
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  for (const method of ['client/registerCapability', 'client/unregisterCapability', 'window/workDoneProgress/create', 'workspace/diagnostic/refresh', 'workspace/inlayHint/refresh', 'workspace/codeLens/refresh']) {
    connection.onRequest(method, () => null);
  }
  const progressEnded = new Promise<number>((resolve) => {
    connection.onNotification('$/progress', (p: { value: { kind: string } }) => {
      if (p.value.kind === 'end') resolve(performance.now());
    });
  });
  connection.listen();
  const caps = capabilities(true);
  // As VS Code announces them: progress, and file watchers the client registers (the server then watches no folder itself).
  caps.window = { ...caps.window, workDoneProgress: true };
  caps.workspace = { ...caps.workspace, didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } };
  const uri = pathToFileURL(folder).href;
  await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: uri, workspaceFolders: [{ uri, name: 'bench' }], capabilities: caps });
  await connection.sendNotification(InitializedNotification.type, {});
  return { connection, child, progressEnded };
}

async function stop(session: Session): Promise<void> {
  session.child.kill();
  await new Promise((resolve) => session.child.once('exit', resolve));
  session.connection.dispose();
}

/** Opens a file and times its first full diagnostics report (pull). */
async function firstDiagnostics(session: Session, folder: string, file: string): Promise<{ ms: number; opened: number; uri: string; text: string }> {
  const uri = pathToFileURL(join(folder, file)).href;
  const text = readFileSync(join(folder, file), 'utf8');
  const opened = performance.now();
  await session.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  await session.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
  return { ms: performance.now() - opened, opened, uri, text };
}

function positionOf(text: string, needle: string, plus = 1): { line: number; character: number } {
  const at = text.indexOf(needle) + plus;
  const before = text.slice(0, at);
  return { line: before.split('\n').length - 1, character: at - before.lastIndexOf('\n') - 1 };
}

/** The workspace's figures; `runs` rounds of the first-diagnostics comparison. */
export async function benchIntegrations(runs: number, folder: string, packages: number, catalog: Catalog): Promise<IntegrationsFigures> {
  const size = generateIntegrations(folder, packages);
  const alone = `${folder}-alone`;
  rmSync(alone, { recursive: true, force: true });
  mkdirSync(join(alone, size.pipeline, '..'), { recursive: true });
  writeFileSync(join(alone, size.pipeline), readFileSync(join(folder, size.pipeline), 'utf8'));
  process.stderr.write(`integrations workspace: ${packages} packages, ${size.files} files, ${(size.bytes / 1e6).toFixed(1)} MB\n`);
  const heap = indexHeap(folder, catalog);
  const inWorkspace: number[] = [];
  const aloneMs: number[] = [];
  let completeIndexMs = NaN;
  let serverRssMb = NaN;
  const references: number[] = [];
  let referencesCount = 0;
  let renameMs = NaN;
  let renameFiles = 0;
  for (let run = 0; run < runs; run++) {
    const solo = await start(alone);
    aloneMs.push((await firstDiagnostics(solo, alone, size.pipeline)).ms);
    await stop(solo);
    const session = await start(folder);
    const first = await firstDiagnostics(session, folder, size.pipeline);
    inWorkspace.push(first.ms);
    const ended = await session.progressEnded;
    if (run > 0) {
      await stop(session);
      continue;
    }
    completeIndexMs = ended - first.opened;
    const pid = session.child.pid;
    serverRssMb = pid === undefined ? NaN : rssOf(pid);
    const needles = ['source.ip', 'event.kind', 'pkg0.access.field_0', 'pkg0.access.field_7', 'error.message', 'message', 'http.request.method', SHARED_FIELD];
    for (let round = 0; round < 5; round++) {
      for (const needle of needles) {
        if (!first.text.includes(needle)) continue;
        const started = performance.now();
        const found = await session.connection.sendRequest<unknown[]>('textDocument/references', { textDocument: { uri: first.uri }, position: positionOf(first.text, needle, 2), context: { includeDeclaration: true } });
        references.push(performance.now() - started);
        referencesCount = Math.max(referencesCount, found?.length ?? 0);
      }
    }
    const started = performance.now();
    const edit = await session.connection.sendRequest<{ documentChanges?: unknown[]; changes?: Record<string, unknown> }>('textDocument/rename', {
      textDocument: { uri: first.uri }, position: positionOf(first.text, SHARED_FIELD, 2), newName: 'acme.shared.trace_id',
    });
    renameMs = performance.now() - started;
    renameFiles = edit.documentChanges?.length ?? Object.keys(edit.changes ?? {}).length;
    await stop(session);
  }
  rmSync(alone, { recursive: true, force: true });
  const median = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return {
    packages, files: size.files, indexedFiles: heap.indexed, megabytes: size.bytes / 1e6,
    firstInWorkspaceMs: median(inWorkspace), firstAloneMs: median(aloneMs), completeIndexMs, indexMb: heap.mb, serverRssMb,
    referencesP95Ms: percentile(references, 95), referencesCount, renameMs, renameFiles,
  };
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/** The rows as the bench prints them, each with its bound. */
export function integrationsRows(f: IntegrationsFigures): string[] {
  const ratio = f.firstInWorkspaceMs / f.firstAloneMs;
  return [
    `Integrations-sized workspace: ${f.packages} packages, ${f.files} files (${f.indexedFiles} indexed), ${f.megabytes.toFixed(1)} MB`,
    '| measure | figure | bound |',
    '|---|---|---|',
    `| first diagnostics of an open pipeline, in the workspace / alone | ${f.firstInWorkspaceMs.toFixed(0)} ms / ${f.firstAloneMs.toFixed(0)} ms = ${ratio.toFixed(2)}x | 1.2x |`,
    `| time to a complete index (open to the end of the read) | ${(f.completeIndexMs / 1000).toFixed(1)} s | |`,
    `| index memory (heap kept, built in-process) | ${f.indexMb.toFixed(0)} MB | 300 MB |`,
    `| server resident memory, index complete | ${f.serverRssMb.toFixed(0)} MB | |`,
    `| find references, p95 (up to ${f.referencesCount} places) | ${f.referencesP95Ms.toFixed(1)} ms | 200 ms |`,
    `| rename of a field used in 100 files (${f.renameFiles} files edited) | ${f.renameMs.toFixed(0)} ms | 1000 ms |`,
  ];
}
