// Console text as the service reads it: a container whose request bodies go to the kind of their endpoint, one part
// per kind (one console file may hold pipelines and templates side by side). Each part is parsed by its kind in the
// file's own offsets; a feature at an offset asks the part whose body holds it.
import { ConsoleRequest, splitConsole } from '../document/console';
import type { FileType, KindDocument } from '../document/fileType';
import type { Span, SyntaxProblem } from '../document/model';
import type { FileKind } from '../kinds/kind';
import { kinds } from '../kinds/registry';

/** The globs of console text files (`fieldwise.files.console`): a container, not a kind. */
export const CONSOLE_GLOBS: readonly string[] = ['**/*.{http,es,console}'];
/** The `fieldwise.files.*` setting that holds CONSOLE_GLOBS. */
export const CONSOLE_SETTING = 'console';

/** Editor language ids of console text. */
export const CONSOLE_LANGUAGES: readonly string[] = ['http', 'es-console'];

export interface ConsoleDocument {
  readonly kind: 'console';
  readonly type: FileType;
  readonly text: string;
  readonly errors: SyntaxProblem[];
  readonly parts: readonly ConsolePart[];
}

export interface ConsolePart {
  readonly kind: FileKind;
  readonly doc: KindDocument;
  /** The bodies of this part's requests: an offset inside one belongs to this part. */
  readonly bodies: readonly Span[];
}

/** Whether a parse is console text (a container) rather than one kind's document. */
export function isConsole(doc: { readonly kind: string }): doc is ConsoleDocument {
  return doc.kind === 'console';
}

/** The kind that takes a console request's body, if any. */
export function kindForRequest(request: ConsoleRequest): FileKind | undefined {
  return kinds.find((k) => k.takesRequest?.(request) === true);
}

export function parseConsole(text: string, type: FileType): ConsoleDocument {
  const byKind = new Map<FileKind, ConsoleRequest[]>();
  for (const request of splitConsole(text)) {
    const kind = request.body && kindForRequest(request);
    if (!kind) continue;
    let list = byKind.get(kind);
    if (!list) byKind.set(kind, (list = []));
    list.push(request);
  }
  const parts: ConsolePart[] = [];
  for (const [kind, requests] of byKind) {
    parts.push({ kind, doc: kind.parse(text, type, { requests }), bodies: requests.map((r) => r.body!) });
  }
  return { kind: 'console', type, text, errors: parts.flatMap((p) => p.doc.errors), parts };
}

/** The part whose body holds `offset` (a body's end included: the caret after its last character). */
export function partAt(doc: ConsoleDocument, offset: number): ConsolePart | undefined {
  return doc.parts.find((p) => p.bodies.some((b) => b.start <= offset && offset <= b.end));
}
