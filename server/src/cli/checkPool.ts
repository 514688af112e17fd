// `fieldwise check --jobs N`: N worker threads (checkWorker.ts), each with its own language service, are handed the
// units of the run (an integration package's files, or one file: fileCheck.ts) one at a time, largest first, so that
// a large one does not start last and finish after the rest. Each unit's outcomes are delivered as they come; the
// caller puts them in report order, so the output does not depend on N.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FieldwiseSettings } from '../service/settings';
import type { CheckUnit, FileOutcome } from './fileCheck';
import { CliError, EXIT } from './io';

/** What every worker starts from (plain data: it is copied to each thread). */
export interface WorkerSetup {
  definitions: string[];
  cwd: string;
  settings: FieldwiseSettings;
  /** `--kind`, by its command-line name. */
  kind?: string;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string; definitions: boolean }
  | { kind: 'done'; outcomes: FileOutcome[] }
  | { kind: 'crashed'; message: string };

/** A unit with its size on disk: the larger go first. */
export interface SizedUnit {
  unit: CheckUnit;
  bytes: number;
}

/** The bundled worker beside this bundle (dist/checkWorker.js). */
export function workerScript(): string {
  const script = join(__dirname, 'checkWorker.js');
  if (!existsSync(script)) throw new Error(`the check worker ${script} is missing: build with npm run build (or check with --jobs 1)`);
  return script;
}

export function checkOnWorkers(units: readonly SizedUnit[], jobs: number, setup: WorkerSetup, onOutcomes: (outcomes: FileOutcome[]) => void, script = workerScript()): Promise<void> {
  const queue = [...units].sort((a, b) => b.bytes - a.bytes || a.unit.tasks[0].index - b.unit.tasks[0].index).map((u) => u.unit);
  const count = Math.max(1, Math.min(jobs, queue.length));
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const inFlight = new Map<Worker, CheckUnit>();
    let next = 0;
    let finished = false;
    const stop = (error?: Error): void => {
      if (finished) return;
      finished = true;
      for (const w of workers) void w.terminate();
      if (error) reject(error);
      else resolve();
    };
    const feed = (worker: Worker): void => {
      if (next < queue.length) {
        const unit = queue[next++];
        inFlight.set(worker, unit);
        worker.postMessage(unit);
      } else if (inFlight.size === 0) {
        stop();
      }
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script, { workerData: setup });
      workers.push(worker);
      worker.on('message', (message: WorkerMessage) => {
        if (finished) return;
        if (message.kind === 'ready') return feed(worker);
        if (message.kind === 'failed') {
          // Bad definitions are bad input to the command (exit 2), as on the main thread.
          return stop(message.definitions ? new CliError(`invalid field definitions:\n${message.message}`, EXIT.usage) : new Error(`a check worker did not start: ${message.message}`));
        }
        const unit = inFlight.get(worker);
        inFlight.delete(worker);
        if (message.kind === 'crashed') return stop(new Error(`checking ${describe(unit)} failed: ${message.message}`));
        onOutcomes(message.outcomes);
        feed(worker);
      });
      worker.on('error', (error) => stop(new Error(`a check worker stopped${whileChecking(inFlight.get(worker))}: ${error.message}`)));
      worker.on('exit', (code) => {
        if (!finished) stop(new Error(`a check worker exited (code ${code})${whileChecking(inFlight.get(worker))}`));
      });
    }
  });
}

/** A unit as a message names it: its package, or its one file. */
export function describe(unit: CheckUnit | undefined): string {
  if (!unit) return 'a file';
  return unit.packageRoot === undefined ? unit.tasks.map((t) => t.display).join(', ') : `the package ${unit.packageRoot}`;
}

function whileChecking(unit: CheckUnit | undefined): string {
  return unit ? ` while checking ${describe(unit)}` : '';
}
