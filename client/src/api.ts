// What activate() returns: read-only views for other extensions and for the e2e suite, which checks what users see.
import type * as vscode from 'vscode';
import type { ServerState } from './languageServer';
import type { PreviewSnapshot } from './preview/previewPanel';
import type { FieldwiseStatus } from './protocol';

export interface FieldwiseApi {
  serverState(): ServerState;
  /** The language status item as shown: its text, detail and the status it was built from. */
  statusItem(): { text: string; detail?: string; status?: FieldwiseStatus };
  previewSnapshot(document: vscode.Uri): PreviewSnapshot | undefined;
  readonly onDidUpdatePreview: vscode.Event<PreviewSnapshot>;
  readonly onDidChangeServerState: vscode.Event<ServerState>;
}
