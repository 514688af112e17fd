// The first check of a large document shared between the main thread and worker threads (`--check-workers=N`, off by
// default: docs/performance.md has the figures). Each worker loads the built-in catalog and a language service of its
// own at start-up (no warm-up on sample events: measured, it costs more CPU than it saves on the first document). A worker gets the document's text once, splits it itself (the same events, same offsets) and answers
// each event's own findings (eventFindings), which the main thread adopts into its per-event cache as if it had
// checked them: the document's diagnostics are then assembled there as always (per-file rules, suppression, settings),
// so they are the same with or without workers. The main thread checks events from the front, the workers take
// chunks from the back, and nothing waits for a worker still starting.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { loadCatalog } from '../catalog';
import type { Catalog } from '../catalog/types';
import type { DocumentFormat, EventSlice, ParsedDocument } from '../document/model';
import type { FwDiagnostic } from '../features/types';
import { LanguageService } from '../service/languageService';
import type { FieldwiseSettings } from '../service/settings';

type ToWorker =
  | { type: 'document'; doc: number; text: string; format: DocumentFormat; file: string; settings: FieldwiseSettings }
  | { type: 'check'; id: number; doc: number; indices: number[]; starts: number[] };

type FromWorker =
  | { type: 'ready' }
  | { type: 'checked'; id: number; findings: Array<FwDiagnostic[] | null> };

/** Events per message: large enough that messaging is a small part, small enough that the main thread never waits long at the end. */
const CHUNK = 48;
/** Chunks a worker holds at once: the next one is there while the main thread has not yet read the last answer. */
const IN_FLIGHT = 3;
/** Below this many events to check, sharing costs more than it saves (an edit re-checks one or two). */
export const MIN_SHARED_EVENTS = 64;

/** `--check-workers=N` on the server's command line: how many worker threads share large first checks (0: none). */
export function checkWorkersFlag(args: readonly string[]): number {
  const value = args.find((a) => a.startsWith('--check-workers='))?.slice('--check-workers='.length);
  const count = Number(value ?? 0);
  return Number.isInteger(count) && count > 0 ? Math.min(count, 16) : 0;
}

interface Logs {
  error(message: string): void;
  trace(message: string): void;
}

interface CheckWorker {
  thread: Worker;
  /** The document text this worker holds (a sharing's id). */
  doc: number;
  busy: Sharing | undefined;
}

export class ParallelChecker {
  private readonly idle: CheckWorker[] = [];
  private readonly sharings = new Set<Sharing>();
  private nextId = 0;

  private constructor(readonly builtin: Catalog, private readonly log: Logs) {}

  /** Starts `count` workers running `script` (dist/checkWorker.js); returns at once, each worker joins when it is ready. */
  static start(count: number, script: string, builtin: Catalog, log: Logs): ParallelChecker {
    const checker = new ParallelChecker(builtin, log);
    for (let i = 0; i < count; i++) checker.spawn(script, i + 1);
    return checker;
  }

  private spawn(script: string, n: number): void {
    const started = performance.now();
    const thread = new Worker(script, { workerData: { fieldwiseChecker: true } });
    // A worker never keeps the server alive.
    thread.unref();
    const worker: CheckWorker = { thread, doc: -1, busy: undefined };
    thread.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        this.log.trace(`check worker ${n} ready in ${(performance.now() - started).toFixed(0)} ms`);
        this.release(worker);
      }
      else worker.busy?.answered(worker, message.id, message.findings);
    });
    thread.on('error', (error) => {
      this.log.error(`fieldwise: a check worker failed, its events are checked on the main thread: ${error.message}`);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      worker.busy?.lost(worker);
    });
  }

  /** A worker free again: to a sharing still going, else idle. */
  release(worker: CheckWorker): void {
    worker.busy = undefined;
    for (const sharing of this.sharings) if (sharing.join(worker)) return;
    this.idle.push(worker);
  }

  /**
   * Shares the check of `pending` (events of `doc`, none checked yet) with the workers, or undefined when there is
   * nothing to gain: few events, or a catalog the workers do not have (custom definitions).
   */
  share(doc: ParsedDocument, pending: EventSlice[], service: LanguageService, file: string, settings: FieldwiseSettings): Sharing | undefined {
    if (pending.length < MIN_SHARED_EVENTS || service.currentCatalog !== this.builtin) return undefined;
    const sharing = new Sharing(this, this.nextId++, doc, pending, service, file, settings);
    this.sharings.add(sharing);
    for (const worker of this.idle.splice(0)) if (!sharing.join(worker)) this.idle.push(worker);
    return sharing;
  }

  ended(sharing: Sharing): void {
    this.sharings.delete(sharing);
  }

  newJob(): number {
    return this.nextId++;
  }

  async stop(): Promise<void> {
    const threads = [...this.idle.map((w) => w.thread)];
    this.idle.length = 0;
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

/** One document's check, shared: the main thread takes events from the front (`next`), workers chunks from the back. */
export class Sharing {
  private front = 0;
  private back: number;
  private readonly jobs = new Map<number, { worker: CheckWorker; events: EventSlice[] }>();
  private readonly working = new Set<CheckWorker>();
  private whenDone: (() => void) | undefined;
  /** Events whose findings came from a worker. */
  shared = 0;

  constructor(
    private readonly checker: ParallelChecker,
    private readonly id: number,
    private readonly doc: ParsedDocument,
    private readonly pending: EventSlice[],
    private readonly service: LanguageService,
    private readonly file: string,
    private readonly settings: FieldwiseSettings,
  ) {
    this.back = pending.length;
  }

  /** The main thread's next events (up to n), or none when every event is taken. */
  next(n: number): EventSlice[] {
    const end = Math.min(this.front + n, this.back);
    const batch = this.pending.slice(this.front, end);
    this.front = end;
    return batch;
  }

  /** Takes a free worker on; false when there is nothing left to give it. */
  join(worker: CheckWorker): boolean {
    if (this.back - this.front < CHUNK) return false;
    worker.busy = this;
    this.working.add(worker);
    if (worker.doc !== this.id) {
      worker.thread.postMessage({ type: 'document', doc: this.id, text: this.doc.text, format: this.doc.format, file: this.file, settings: this.settings } satisfies ToWorker);
      worker.doc = this.id;
    }
    for (let i = 0; i < IN_FLIGHT; i++) this.give(worker);
    return true;
  }

  private give(worker: CheckWorker): boolean {
    if (this.back - this.front < CHUNK) return false;
    const events = this.pending.slice(this.back - CHUNK, this.back);
    this.back -= CHUNK;
    const id = this.checker.newJob();
    this.jobs.set(id, { worker, events });
    worker.thread.postMessage({ type: 'check', id, doc: this.id, indices: events.map((e) => e.index), starts: events.map((e) => e.start) } satisfies ToWorker);
    return true;
  }

  answered(worker: CheckWorker, id: number, findings: Array<FwDiagnostic[] | null>): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    const adopted: EventSlice[] = [];
    const lists: FwDiagnostic[][] = [];
    const missed: EventSlice[] = [];
    job.events.forEach((event, k) => {
      const found = findings[k];
      if (found) {
        adopted.push(event);
        lists.push(found);
      } else missed.push(event);
    });
    this.service.adoptFindings(this.doc, adopted, this.file, lists);
    this.shared += adopted.length;
    // An event the worker did not split the same way (never expected) is checked here.
    if (missed.length > 0) this.service.checkEvents(this.doc, missed, this.file);
    this.give(worker);
    this.settle(worker);
  }

  /** A worker that died: its chunks are checked here. */
  lost(worker: CheckWorker): void {
    for (const [id, job] of this.jobs) {
      if (job.worker !== worker) continue;
      this.jobs.delete(id);
      this.service.checkEvents(this.doc, job.events, this.file);
    }
    this.working.delete(worker);
    this.finishIfDone();
  }

  private settle(worker: CheckWorker): void {
    for (const job of this.jobs.values()) if (job.worker === worker) return;
    this.working.delete(worker);
    this.checker.release(worker);
    this.finishIfDone();
  }

  private finishIfDone(): void {
    if (this.jobs.size > 0 || this.front < this.back || !this.whenDone) return;
    this.checker.ended(this);
    this.whenDone();
  }

  /** The run was cancelled: no further chunks are given (answers on their way are still adopted: the cache keeps them). */
  abandon(): void {
    this.back = this.front;
    this.checker.ended(this);
  }

  /** Once the main thread has taken its last events: resolves when every chunk given to a worker is adopted. */
  finished(): Promise<void> {
    this.checker.ended(this);
    if (this.jobs.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.whenDone = resolve;
    });
  }
}

/** Text, format, file and settings of the document a worker holds, and its split (trees parsed per chunk, then released). */
interface Held {
  doc: number;
  parsed: ParsedDocument;
  file: string;
}

/** The worker side: true when this thread is a checker (then it serves until terminated). */
export function serveChecks(): boolean {
  if (isMainThread || (workerData as { fieldwiseChecker?: boolean } | undefined)?.fieldwiseChecker !== true) return false;
  const port = parentPort!;
  let service = new LanguageService(loadCatalog());
  const builtin = service.currentCatalog;
  let held: Held | undefined;
  port.on('message', (message: ToWorker) => {
    if (message.type === 'document') {
      service = new LanguageService(builtin, message.settings);
      held = { doc: message.doc, parsed: service.parse(message.text, message.format), file: message.file };
      return;
    }
    const findings: Array<FwDiagnostic[] | null> = message.indices.map((index, k) => {
      const event = held?.doc === message.doc ? held.parsed.events[index] : undefined;
      if (!held || !event || event.start !== message.starts[k]) return null;
      return service.eventFindings(held.parsed, [event], held.file)[0];
    });
    port.postMessage({ type: 'checked', id: message.id, findings } satisfies FromWorker);
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
  return true;
}

// The worker bundle (dist/checkWorker.js) is this file: it serves when started as a checker, and does nothing otherwise.
serveChecks();
