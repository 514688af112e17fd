// Every file kind besides event documents, one adapter each, and console text: a container whose request bodies go
// to the adapter of their endpoint (several kinds may share one console file).
import { ConsoleRequest, splitConsole } from '../document/console';
import type { FileKind, FileType, KindDocument } from '../document/fileType';
import type { Span, SyntaxProblem } from '../document/model';
import type { FileKindAdapter } from './kind';
import { fieldDefinitionsAdapter } from './fieldDefinitions/fieldDefinitionsKind';
import { mappingAdapter } from './mappings/mappingKind';
import { pipelineAdapter } from './pipelines/pipelineKind';

/** The adapters, in the order console requests are offered to them. Adding a file kind adds it here. */
export const fileKindAdapters: readonly FileKindAdapter[] = [pipelineAdapter, mappingAdapter, fieldDefinitionsAdapter];

export function adapterOf(kind: FileKind): FileKindAdapter | undefined {
  return fileKindAdapters.find((a) => a.kind === kind);
}

/** Console text: one part per kind whose requests it holds, each parsed by its adapter in the file's offsets. */
export interface ConsoleDocument {
  readonly kind: 'console';
  readonly type: FileType;
  readonly text: string;
  readonly errors: SyntaxProblem[];
  readonly parts: readonly ConsolePart[];
}

export interface ConsolePart {
  readonly adapter: FileKindAdapter;
  readonly doc: KindDocument;
  /** The bodies of this part's requests: an offset inside one belongs to this part. */
  readonly bodies: readonly Span[];
}

/** The adapter that takes a console request's body, if any. */
export function adapterForRequest(request: ConsoleRequest): FileKindAdapter | undefined {
  return fileKindAdapters.find((a) => a.takesRequest?.(request) === true);
}

/** Whether a console text sends a request some file kind reads. */
export function consoleHasKnownRequest(text: string): boolean {
  return splitConsole(text).some((r) => r.body !== undefined && adapterForRequest(r) !== undefined);
}

export function parseConsole(text: string, type: FileType): ConsoleDocument {
  const byAdapter = new Map<FileKindAdapter, ConsoleRequest[]>();
  for (const request of splitConsole(text)) {
    const adapter = request.body && adapterForRequest(request);
    if (!adapter) continue;
    let list = byAdapter.get(adapter);
    if (!list) byAdapter.set(adapter, (list = []));
    list.push(request);
  }
  const parts: ConsolePart[] = [];
  for (const [adapter, requests] of byAdapter) {
    parts.push({ adapter, doc: adapter.parse(text, type, requests), bodies: requests.map((r) => r.body!) });
  }
  return { kind: 'console', type, text, errors: parts.flatMap((p) => p.doc.errors), parts };
}

/** The part whose body holds `offset` (a body's end included: the caret after its last character). */
export function partAt(doc: ConsoleDocument, offset: number): ConsolePart | undefined {
  return doc.parts.find((p) => p.bodies.some((b) => b.start <= offset && offset <= b.end));
}
