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
