// A worker thread of `fieldwise check --jobs N` (bundled as dist/checkWorker.js): loads the catalog with the run's
// definitions, then checks the files the main thread hands it one at a time (checkPool.ts) and answers each.
import { parentPort, workerData } from 'node:worker_threads';
import { DefinitionError, loadCatalog } from '../catalog';
import { LanguageService } from '../service/languageService';
import { checkFile, FileTask } from './fileCheck';
import type { WorkerMessage, WorkerSetup } from './checkPool';

const port = parentPort;
if (!port) throw new Error('checkWorker runs only as a worker thread of fieldwise check');
const setup = workerData as WorkerSetup;
const post = (message: WorkerMessage): void => port.postMessage(message);

let service: LanguageService | undefined;
try {
  service = new LanguageService(loadCatalog({ definitions: setup.definitions, cwd: setup.cwd }), setup.settings);
  post({ kind: 'ready' });
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), definitions: error instanceof DefinitionError });
}

port.on('message', (task: FileTask) => {
  if (!service) return;
  try {
    post({ kind: 'done', outcome: checkFile(service, setup.settings, task, setup.kind) });
  } catch (error) {
    post({ kind: 'crashed', index: task.index, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
