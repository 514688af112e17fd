// What a file is: its format (how it is parsed and written) apart from its kind (what its contents mean).
// The language server and the command line decide a file's type once (service/detect.ts, asking the registry of
// kinds, kinds/registry.ts), and every layer below reads it from here.
import type { DocumentFormat, SyntaxProblem } from './model';

/** A file kind's name as the registry knows it (`events`, `ingestPipeline`, ...): the registry is the only list. */
export type KindName = string;

export interface FileType {
  readonly kind: KindName;
  /** The layout the kind reads: JSON, NDJSON (one value per line) or YAML. */
  readonly format: DocumentFormat;
  /** Kibana Dev Tools console text: requests whose bodies go to the kind of their endpoint. */
  readonly console: boolean;
}

// Interned: a type is compared by identity wherever a cache keys on it.
const types = new Map<string, FileType>();

export function fileType(kind: KindName, format: DocumentFormat, console = false): FileType {
  const key = `${kind}/${format}/${console}`;
  let type = types.get(key);
  if (!type) types.set(key, (type = Object.freeze({ kind, format, console })));
  return type;
}

/**
 * A parsed file of any kind: document offsets throughout (a console body is parsed in place, so its offsets are the
 * file's). Each kind's document extends it with what its features read.
 */
export interface KindDocument {
  readonly kind: KindName;
  readonly type: FileType;
  readonly text: string;
  readonly errors: SyntaxProblem[];
}
