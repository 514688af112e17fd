// Fieldwise's extensions to LSP (documented in docs/server.md).
import { RequestType } from 'vscode-languageserver';

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
