// Fieldwise's extensions to LSP (documented in docs/server.md).
import { NotificationType, RequestType } from 'vscode-languageserver';

export interface StatusParams {
  /** A document: the answer is for its workspace folder. Without it, for the first folder. */
  uri?: string;
}

export interface StatusResult {
  /** The schema version events declare in `schema.version` (`1.11.0`). */
  schemaVersion: string;
  /** Fields that come from the workspace's custom definitions. */
  customFieldCount: number;
}

export const StatusRequest = new RequestType<StatusParams | null, StatusResult, void>('fieldwise/status');

export interface DocumentLanguageParams {
  uri: string;
  /** The language the server recognised the document as written in (`logstash`). */
  languageId: string;
}

/**
 * Server to client: an open document is written in another language than the one it was opened with (a `.conf` file
 * whose content is Logstash's). Sent only to a client announcing `experimental.fieldwise.documentLanguage`.
 */
export const DocumentLanguageNotification = new NotificationType<DocumentLanguageParams>('fieldwise/documentLanguage');

/** `fieldwise/schemaDocument`: the text of a read-only schema page (`fieldwise-schema:` URIs, go to definition of a field only the schema defines). */
export interface SchemaDocumentParams {
  uri: string;
}

export interface SchemaDocumentResult {
  /** The page's markdown: the field's entry as `fieldwise fields --format markdown` prints it. */
  text: string;
}

export const SchemaDocumentRequest = new RequestType<SchemaDocumentParams, SchemaDocumentResult | null, void>('fieldwise/schemaDocument');

/** The scheme of the schema's read-only pages: `fieldwise-schema://schema/<field path>.md`. */
export const SCHEMA_SCHEME = 'fieldwise-schema';

/** The page URI of a field path. */
export function schemaPageUri(path: string): string {
  return `${SCHEMA_SCHEME}://schema/${encodeURIComponent(path)}.md`;
}

/** The field path of a page URI; undefined for any other URI. */
export function schemaPagePath(uri: string): string | undefined {
  const match = /^fieldwise-schema:\/\/schema\/(.+)\.md$/.exec(uri);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** The command a code lens runs: the client shows the references of the field at a position (docs/workspace.md). */
export const SHOW_REFERENCES_COMMAND = 'fieldwise.showReferences';
