// Owns the running language client: start, restart on request, status queries, and state changes for the UI.
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import { CrashPolicy } from './crashPolicy';
import { createLanguageClient } from './languageClient';
import { FieldwiseStatus, isFieldwiseStatus, schemaDocumentRequest, statusRequest } from './protocol';

export type ServerState = 'starting' | 'running' | 'stopped';

export class LanguageServer implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private clientListener: vscode.Disposable | undefined;
  private readonly crashes = new CrashPolicy();
  private readonly changed = new vscode.EventEmitter<ServerState>();
  /** Fires when the server starts, stops or restarts. */
  readonly onDidChangeState = this.changed.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly output: vscode.LogOutputChannel,
  ) {}

  get state(): ServerState {
    switch (this.client?.state) {
      case State.Running:
        return 'running';
      case State.Starting:
        return 'starting';
      default:
        return 'stopped';
    }
  }

  async start(): Promise<void> {
    const client = createLanguageClient(this.extensionUri, this.output, this.crashes);
    this.client = client;
    this.clientListener = client.onDidChangeState(() => this.changed.fire(this.state));
    try {
      await client.start();
    } catch (error) {
      // The error handler already told the user about crashes; this covers a server that cannot be launched at all.
      const message = error instanceof Error ? error.message : String(error);
      this.output.error(`the language server did not start: ${message}`);
      if (this.client === client && client.state !== State.Running) {
        void vscode.window.showErrorMessage(`Fieldwise: the language server did not start: ${message}`, 'Show Output').then((choice) => {
          if (choice) this.output.show(true);
        });
      }
    }
    this.changed.fire(this.state);
  }

  /** A fresh client and process; the crash count starts over because the user asked for it. */
  async restart(): Promise<void> {
    this.crashes.reset();
    await this.stop();
    await this.start();
  }

  /** The server's status for the workspace folder of `document` (the first folder without one). */
  async status(document?: vscode.Uri): Promise<FieldwiseStatus> {
    const client = this.client;
    if (!client || client.state !== State.Running) throw new Error('the language server is not running');
    const answer: unknown = await client.sendRequest(statusRequest, document ? { uri: document.toString() } : null);
    if (!isFieldwiseStatus(answer)) {
      throw new Error(`the language server answered fieldwise/status with ${JSON.stringify(answer)}; expected {schemaVersion, customFieldCount}`);
    }
    return answer;
  }

  /** The text of a schema page (`fieldwise-schema:` URI), asked of the server. */
  async schemaPage(uri: string): Promise<string> {
    const client = this.client;
    if (!client || client.state !== State.Running) throw new Error('the language server is not running');
    const answer = await client.sendRequest(schemaDocumentRequest, { uri });
    if (typeof answer?.text !== 'string') throw new Error(`the language server answered fieldwise/schemaDocument with ${JSON.stringify(answer)}; expected {text}`);
    return answer.text;
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.clientListener?.dispose();
    this.clientListener = undefined;
    if (client) {
      try {
        await client.dispose(5_000);
      } catch (error) {
        this.output.error(`stopping the language server: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.changed.fire(this.state);
  }

  dispose(): void {
    void this.stop();
    this.changed.dispose();
  }
}
