// Diagnostics of a parsed version without blocking the server: the diagnostics feature caches its findings per
// event (by the event's parsed identity), so the events this version has not seen checked yet are checked first in
// small batches, yielding to the event loop between them (a cancellation or a newer edit gets in), and then the
// whole document is assembled in one call that is served from that cache (per-file rules, severities, syntax errors).
import type { EventSlice } from '../document/model';
import type { FwDiagnostic } from '../features/types';
import { isEventDocument, LanguageService } from '../service/languageService';
import type { ParsedVersion } from './parseCache';
import type { ParallelChecker } from './parallelCheck';
import type { FieldwiseSettings } from '../service/settings';

export interface DiagnosticsResult {
  diagnostics: FwDiagnostic[];
  /** Events the diagnostics feature really checked in this run (counted by the feature); the rest were cached. */
  checked: number;
  /** Of those, the events whose findings a worker thread computed (parallelCheck.ts). */
  shared?: number;
  total: number;
  ms: number;
}

/** Per document: the events already checked under the workspace's current settings and catalog. */
export class CheckedEvents {
  private seen = new WeakSet<object>();
  private generation = -1;

  forGeneration(generation: number): this {
    if (generation !== this.generation) {
      this.seen = new WeakSet();
      this.generation = generation;
    }
    return this;
  }

  has(event: EventSlice, service: LanguageService): boolean {
    return this.seen.has(service.eventKey(event));
  }

  add(event: EventSlice, service: LanguageService): void {
    this.seen.add(service.eventKey(event));
  }
}

const SLICE_MS = 10;
// A tree lives until its batch is checked and released: small batches let trees die young, not promoted to the old heap.
const BATCH = 4;

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Undefined when `isCancelled` turned true on the way. */
export async function checkVersion(
  entry: ParsedVersion,
  service: LanguageService,
  file: string,
  checkedBefore: CheckedEvents,
  isCancelled: () => boolean,
  parallel?: { checker: ParallelChecker; settings: FieldwiseSettings },
): Promise<DiagnosticsResult | undefined> {
  const started = performance.now();
  const doc = entry.parsed;
  // A file of another kind is checked whole (it is one unit, or console parts, not a list of events).
  if (!isEventDocument(doc)) return { diagnostics: service.diagnostics(doc, file), checked: 1, total: 1, ms: performance.now() - started };
  const pending = doc.events.filter((e) => !checkedBefore.has(e, service));
  let checked = 0;
  let sliceStart = performance.now();
  // Workers (if any) take events from the back of the list; what they answer is adopted into the same cache.
  const sharing = parallel?.checker.share(doc, pending, service, file, parallel.settings);
  let taken = 0;
  const next = (): EventSlice[] => (sharing ? sharing.next(BATCH) : pending.slice(taken, (taken += BATCH)));
  for (let batch = next(); batch.length > 0; batch = next()) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      if (isCancelled()) {
        sharing?.abandon();
        return undefined;
      }
      sliceStart = performance.now();
    }
    const before = service.checkCount;
    // Its findings are cached now and its trees released (rebuilt on demand if a feature needs them).
    service.checkEvents(doc, batch, file);
    checked += service.checkCount - before;
    for (const e of batch) checkedBefore.add(e, service);
  }
  if (sharing) {
    await sharing.finished();
    for (const e of pending) checkedBefore.add(e, service);
    checked += sharing.shared;
  }
  if (isCancelled()) return undefined;
  const before = service.checkCount;
  const diagnostics = service.diagnostics(doc, file);
  checked += service.checkCount - before;
  return { diagnostics, checked, shared: sharing?.shared, total: doc.events.length, ms: performance.now() - started };
}
