// Starts the embedded conversion service in a worker thread and speaks to it only over HTTP, like any service.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddedService } from './embeddedService';

export type ThreadMessage = { kind: 'ready'; url: string; port: number } | { kind: 'failed'; message: string };

export interface ThreadOptions {
  port?: number;
  templatesDir?: string;
  /** The bundled worker script; beside the bundle that imports this module by default. */
  workerScript?: string;
}

export function startEmbeddedServiceThread(options: ThreadOptions = {}): Promise<EmbeddedService> {
  const script = options.workerScript ?? join(__dirname, 'embeddedServiceWorker.js');
  const worker = new Worker(script, { workerData: { port: options.port, templatesDir: options.templatesDir } });
  return new Promise((resolve, reject) => {
    const fail = (error: Error): void => {
      void worker.terminate();
      reject(error);
    };
    worker.once('error', (error) => fail(new Error(`the conversion worker stopped: ${error.message}`)));
    worker.once('exit', (code) => fail(new Error(`the conversion worker exited (code ${code}) before it was ready`)));
    worker.once('message', (message: ThreadMessage) => {
      if (message.kind === 'failed') return fail(new Error(message.message));
      worker.removeAllListeners('exit');
      resolve({ url: message.url, port: message.port, close: () => closeWorker(worker) });
    });
  });
}

/** Asks the worker to close its server, and ends it if it has not exited within two seconds. */
function closeWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => void worker.terminate(), 2000);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.postMessage('close');
  });
}
