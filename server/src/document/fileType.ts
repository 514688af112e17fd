// What a file is: its syntax (how it is parsed and written) apart from its kind (what its contents mean).
// A kind is one adapter over a syntax; the language server and the command line decide a file's type once, in
// service/detect.ts, and every layer below reads it from here.
import type { DocumentFormat, SyntaxProblem } from './model';

/** How a file is parsed and written: one writer per syntax (document/syntax/writerFor.ts). */
export type Syntax = 'json' | 'yaml';

/** What a file's contents mean: which adapter finds its field references. */
/** `mapping`: index templates and mappings; `fieldDefinitions`: integration packages' and Beats' fields.yml files. */
export type FileKind = 'events' | 'ingestPipeline' | 'mapping' | 'fieldDefinitions';

/** What a file of each kind is called in messages and summaries, in the order summaries list them. */
export const KIND_NOUNS: Readonly<Record<FileKind, string>> = {
  events: 'event document',
  ingestPipeline: 'pipeline file',
  mapping: 'mapping file',
  fieldDefinitions: 'field definition file',
};

export interface FileType {
  readonly kind: FileKind;
  /** The layout the adapter reads: events come as JSON, NDJSON (one per line) or YAML; pipelines as JSON or YAML. */
  readonly format: DocumentFormat;
  /** Kibana Dev Tools console text: requests whose JSON bodies go to the adapter of their endpoint. */
  readonly console: boolean;
}

// Interned: a type is compared by identity wherever a cache keys on it.
const types = new Map<string, FileType>();

export function fileType(kind: FileKind, format: DocumentFormat, console = false): FileType {
  const key = `${kind}/${format}/${console}`;
  let type = types.get(key);
  if (!type) types.set(key, (type = Object.freeze({ kind, format, console })));
  return type;
}

export function syntaxOf(format: DocumentFormat): Syntax {
  return format === 'yaml' ? 'yaml' : 'json';
}

/**
 * A parsed file of a kind other than event documents: one unit, document offsets throughout (a console body is
 * parsed in place, so its offsets are the file's). Each kind's adapter extends it with what its features read.
 */
export interface KindDocument {
  readonly kind: FileKind;
  readonly type: FileType;
  readonly text: string;
  readonly errors: SyntaxProblem[];
}
