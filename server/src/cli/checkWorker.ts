// A worker thread of `fieldwise check --jobs N` (bundled as dist/checkWorker.js): loads the catalog with the run's
// definitions, then checks the units the main thread hands it one at a time (checkPool.ts) and answers each.
import { parentPort, workerData } from 'node:worker_threads';
import { DefinitionError, loadCatalog } from '../catalog';
import { Checker, checkingService, checkUnit, CheckUnit } from './fileCheck';
import type { WorkerMessage, WorkerSetup } from './checkPool';

const port = parentPort;
if (!port) throw new Error('checkWorker runs only as a worker thread of fieldwise check');
const setup = workerData as WorkerSetup;
const post = (message: WorkerMessage): void => port.postMessage(message);

let service: Checker | undefined;
try {
  service = checkingService(loadCatalog({ definitions: setup.definitions, cwd: setup.cwd }), setup.settings);
  post({ kind: 'ready' });
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), definitions: error instanceof DefinitionError });
}

port.on('message', (unit: CheckUnit) => {
  if (!service) return;
  try {
    post({ kind: 'done', outcomes: checkUnit(service, setup.settings, unit, setup.kind, setup.cwd) });
  } catch (error) {
    post({ kind: 'crashed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
