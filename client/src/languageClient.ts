// The language client: starts dist/server.js over stdio for the documents the server reads and restarts it after a crash.
import * as vscode from 'vscode';
import {
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandler,
  ErrorHandlerResult,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { connectionErrorAction, CrashPolicy } from './crashPolicy';
import { DocumentLanguageFeature } from './documentLanguage';
import { SERVER_EXEC_ARGV } from './serverFlags';
import { serverDocumentSelector } from './documentSelector';
import { SECTION } from './settings';

export const CLIENT_ID = 'fieldwise';
export const CLIENT_NAME = 'Fieldwise Language Server';
export const RESTART_COMMAND = 'fieldwise.restartServer';
export const SHOW_OUTPUT_COMMAND = 'fieldwise.showOutput';

export function serverModulePath(extensionUri: vscode.Uri): string {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'server.js').fsPath;
}

/** The client id `fieldwise` makes vscode-languageclient honour `fieldwise.trace.server`. */
export function createLanguageClient(extensionUri: vscode.Uri, output: vscode.LogOutputChannel, crashes: CrashPolicy): LanguageClient {
  const module = serverModulePath(extensionUri);
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio, options: { execArgv: [...SERVER_EXEC_ARGV] } },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: [...SERVER_EXEC_ARGV, '--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: serverDocumentSelector,
    synchronize: { configurationSection: SECTION },
    outputChannel: output,
    errorHandler: new NotifyingErrorHandler(crashes, output),
  };
  const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  client.registerFeature(new DocumentLanguageFeature(client, output));
  return client;
}

/** Shows the user what happened to the server, with the way out (output, restart), instead of the library's generic text. */
class NotifyingErrorHandler implements ErrorHandler {
  constructor(
    private readonly crashes: CrashPolicy,
    private readonly output: vscode.LogOutputChannel,
  ) {}

  error(_error: Error, _message: unknown, count: number | undefined): ErrorHandlerResult {
    return { action: connectionErrorAction(count) === 'continue' ? ErrorAction.Continue : ErrorAction.Shutdown, handled: true };
  }

  closed(): CloseHandlerResult {
    const decision = this.crashes.crashed(Date.now());
    if (decision.restart) {
      this.notify('warning', `Fieldwise: the language server stopped unexpectedly; restarting it (attempt ${decision.attempt}).`);
      return { action: CloseAction.Restart, handled: true };
    }
    const minutes = Math.round(decision.windowMs / 60_000);
    this.notify(
      'error',
      `Fieldwise: the language server stopped ${decision.crashes} times within ${minutes} minutes and will not be restarted. ` +
        'See the output for its messages, then restart it.',
    );
    return { action: CloseAction.DoNotRestart, handled: true };
  }

  private notify(level: 'warning' | 'error', message: string): void {
    this.output[level === 'warning' ? 'warn' : 'error'](message);
    const shown =
      level === 'warning'
        ? vscode.window.showWarningMessage(message, 'Show Output')
        : vscode.window.showErrorMessage(message, 'Show Output', 'Restart');
    void Promise.resolve(shown).then(
      async (choice) => {
        if (choice === 'Show Output') await vscode.commands.executeCommand(SHOW_OUTPUT_COMMAND);
        if (choice === 'Restart') await vscode.commands.executeCommand(RESTART_COMMAND);
      },
      (error: unknown) => this.output.error(`could not show the message: ${String(error)}`),
    );
  }
}
