// Fieldwise's extensions to the language server protocol (documented in docs/extension.md, "Protocol extensions").
import { NotificationType, RequestType } from 'vscode-languageclient/node';

export interface FieldwiseStatus {
  /** Version of the field schema the server loaded, e.g. `1.11.0-7`. */
  schemaVersion: string;
  /** Fields loaded from the workspace's custom definitions (fieldwise.schema.definitions). */
  customFieldCount: number;
}

export interface StatusParams {
  /** A document: the answer is for its workspace folder; without it, for the first folder. */
  uri?: string;
}

export const statusRequest = new RequestType<StatusParams | null, FieldwiseStatus, void>('fieldwise/status');

/** Whether an answer has the documented shape; the server is another program, so it is checked. */
export function isFieldwiseStatus(value: unknown): value is FieldwiseStatus {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.schemaVersion === 'string' &&
    typeof candidate.customFieldCount === 'number' &&
    Number.isInteger(candidate.customFieldCount) &&
    candidate.customFieldCount >= 0
  );
}

export interface DocumentLanguageParams {
  uri: string;
  /** The language the server recognised the document as written in (`logstash`). */
  languageId: string;
}

/** Server to client: an open document is written in another language than VS Code gave it (a `.conf` file that is Logstash). */
export const documentLanguageNotification = new NotificationType<DocumentLanguageParams>('fieldwise/documentLanguage');

/** Whether a notification's params have the documented shape. */
export function isDocumentLanguageParams(value: unknown): value is DocumentLanguageParams {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.uri === 'string' && typeof candidate.languageId === 'string' && /^[\w.-]+$/.test(candidate.languageId);
}

export interface SchemaDocumentParams {
  /** A `fieldwise-schema://schema/<field path>.md` URI. */
  uri: string;
}

/** The text of one of the schema's read-only pages (go to definition of a field only the schema defines). */
export const schemaDocumentRequest = new RequestType<SchemaDocumentParams, { text: string } | null, void>('fieldwise/schemaDocument');
