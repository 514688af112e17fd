// `fieldwise check --jobs N`: N worker threads (checkWorker.ts), each with its own language service, are handed the
// files one at a time, largest first, so that a large file does not start last and finish after the rest. Each
// outcome is delivered as it comes; the caller puts them in report order, so the output does not depend on N.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FieldwiseSettings } from '../service/settings';
import type { FileOutcome, FileTask } from './fileCheck';
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
  | { kind: 'done'; outcome: FileOutcome }
  | { kind: 'crashed'; index: number; message: string };

/** A task with its size on disk: the larger go first. */
export interface SizedTask {
  task: FileTask;
  bytes: number;
}

/** The bundled worker beside this bundle (dist/checkWorker.js). */
export function workerScript(): string {
  const script = join(__dirname, 'checkWorker.js');
  if (!existsSync(script)) throw new Error(`the check worker ${script} is missing: build with npm run build (or check with --jobs 1)`);
  return script;
}

export function checkOnWorkers(tasks: readonly SizedTask[], jobs: number, setup: WorkerSetup, onOutcome: (outcome: FileOutcome) => void, script = workerScript()): Promise<void> {
  const queue = [...tasks].sort((a, b) => b.bytes - a.bytes || a.task.index - b.task.index).map((t) => t.task);
  const count = Math.max(1, Math.min(jobs, queue.length));
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const inFlight = new Map<Worker, FileTask>();
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
        const task = queue[next++];
        inFlight.set(worker, task);
        worker.postMessage(task);
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
        const task = inFlight.get(worker);
        inFlight.delete(worker);
        if (message.kind === 'crashed') return stop(new Error(`checking ${task?.display ?? `file ${message.index}`} failed: ${message.message}`));
        onOutcome(message.outcome);
        feed(worker);
      });
      worker.on('error', (error) => stop(new Error(`a check worker stopped${whileChecking(inFlight.get(worker))}: ${error.message}`)));
      worker.on('exit', (code) => {
        if (!finished) stop(new Error(`a check worker exited (code ${code})${whileChecking(inFlight.get(worker))}`));
      });
    }
  });
}

function whileChecking(task: FileTask | undefined): string {
  return task ? ` while checking ${task.display}` : '';
}
