// Worker-thread entry of the embedded conversion service: rendering is synchronous and can take seconds on a
// large page, so it runs here, never on the extension host's own thread.
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedService } from './embeddedService';
import type { ThreadMessage } from './embeddedServiceThread';

const port = parentPort;
if (!port) throw new Error('embeddedServiceWorker runs only as a worker thread');

startEmbeddedService(workerData as { port?: number; templatesDir?: string }).then(
  (service) => {
    port.postMessage({ kind: 'ready', url: service.url, port: service.port } satisfies ThreadMessage);
    port.on('message', (message: unknown) => {
      if (message === 'close') void service.close().finally(() => port.close());
    });
  },
  (error: unknown) => {
    port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ThreadMessage);
  },
);
