// Prototype, not wired into the server (bench/parallel.ts measures it): the first check of a large document shared
// between the main thread and worker threads, each worker with its own catalog and language service. Events travel
// as text; findings come back in document offsets. The seam: `ParallelChecker.check(doc, file)`, what the first
// diagnostics run of a document would call instead of checking every event itself.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loadCatalog } from '../catalog';
import type { DocumentFormat, ParsedDocument } from '../document/model';
import type { FwDiagnostic } from '../features/types';
import { LanguageService } from '../service/languageService';

interface Job {
  id: number;
  format: DocumentFormat;
  file: string;
  texts: string[];
  starts: number[];
}

interface Done {
  id: number;
  diagnostics: FwDiagnostic[];
}

/** Each event on its own (parsed as a one-event document), offsets moved to the document's. */
function checkEvents(service: LanguageService, job: Omit<Job, 'id'>): FwDiagnostic[] {
  const out: FwDiagnostic[] = [];
  job.texts.forEach((text, k) => {
    for (const d of service.diagnostics(service.parse(text, job.format), job.file)) out.push({ ...d, start: d.start + job.starts[k], end: d.end + job.starts[k] });
  });
  return out;
}

export class ParallelChecker {
  private next = 0;
  private readonly pending = new Map<number, (diagnostics: FwDiagnostic[]) => void>();

  private constructor(private readonly workers: Worker[], private readonly service: LanguageService) {
    for (const worker of workers) {
      worker.on('message', (done: Done) => {
        this.pending.get(done.id)?.(done.diagnostics);
        this.pending.delete(done.id);
      });
    }
  }

  /** `count` workers running `script` (a bundle that calls `serveChecks` off the main thread), each with its catalog loaded. */
  static async start(count: number, script: string, service: LanguageService): Promise<ParallelChecker> {
    const workers = await Promise.all(Array.from({ length: count }, () => new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(script, { workerData: { fieldwiseChecker: true } });
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    })));
    return new ParallelChecker(workers, service);
  }

  /** Every event's findings (per-event rules only: per-file rules and suppression stay with the main thread's assembly). */
  async check(doc: ParsedDocument, file: string): Promise<FwDiagnostic[]> {
    const shares = this.workers.length + 1;
    const total = doc.events.reduce((n, e) => n + e.text.length, 0);
    // Equal shares of text; the main thread takes the last one.
    const chunks: Array<typeof doc.events> = [];
    let chunk: typeof doc.events = [];
    let size = 0;
    for (const event of doc.events) {
      chunk.push(event);
      size += event.text.length;
      if (size >= (total * (chunks.length + 1)) / shares && chunks.length < shares - 1) {
        chunks.push(chunk);
        chunk = [];
      }
    }
    chunks.push(chunk);
    const remote = chunks.slice(0, -1).map((events, w) => new Promise<FwDiagnostic[]>((resolve) => {
      const id = this.next++;
      this.pending.set(id, resolve);
      const job: Job = { id, format: doc.format, file, texts: events.map((e) => e.text), starts: events.map((e) => e.start) };
      this.workers[w].postMessage(job);
    }));
    const local = chunks[chunks.length - 1];
    const mine = checkEvents(this.service, { format: doc.format, file, texts: local.map((e) => e.text), starts: local.map((e) => e.start) });
    return [...(await Promise.all(remote)).flat(), ...mine];
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** The worker side: true when this thread is a checker (then it serves until terminated). */
export function serveChecks(): boolean {
  if (isMainThread || (workerData as { fieldwiseChecker?: boolean } | undefined)?.fieldwiseChecker !== true) return false;
  const service = new LanguageService(loadCatalog());
  parentPort!.on('message', (job: Job) => {
    const done: Done = { id: job.id, diagnostics: checkEvents(service, job) };
    parentPort!.postMessage(done);
  });
  parentPort!.postMessage('ready');
  return true;
}
