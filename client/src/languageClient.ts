// The language client: starts dist/server.js over stdio for event documents and restarts it after a crash.
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
import { CrashPolicy } from './crashPolicy';
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
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: serverDocumentSelector,
    synchronize: { configurationSection: SECTION },
    outputChannel: output,
    errorHandler: new NotifyingErrorHandler(crashes),
  };
  return new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
}

/** Shows the user what happened to the server, with the way out (output, restart), instead of the library's generic text. */
class NotifyingErrorHandler implements ErrorHandler {
  constructor(private readonly crashes: CrashPolicy) {}

  error(_error: Error, _message: unknown, count: number | undefined): ErrorHandlerResult {
    // A few write/read errors can be transient; past that the connection is broken and closed() takes over.
    return count !== undefined && count <= 3 ? { action: ErrorAction.Continue, handled: true } : { action: ErrorAction.Shutdown, handled: true };
  }

  closed(): CloseHandlerResult {
    const decision = this.crashes.crashed(Date.now());
    if (decision.restart) {
      void notify('warning', `Fieldwise: the language server stopped unexpectedly; restarting it (attempt ${decision.attempt}).`);
      return { action: CloseAction.Restart, handled: true };
    }
    const minutes = Math.round(decision.windowMs / 60_000);
    void notify(
      'error',
      `Fieldwise: the language server stopped ${decision.crashes} times within ${minutes} minutes and will not be restarted. ` +
        'See the output for its messages, then restart it.',
    );
    return { action: CloseAction.DoNotRestart, handled: true };
  }
}

async function notify(level: 'warning' | 'error', message: string): Promise<void> {
  const show = level === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  const actions = level === 'error' ? ['Show Output', 'Restart'] : ['Show Output'];
  const choice = await show(message, ...actions);
  if (choice === 'Show Output') await vscode.commands.executeCommand(SHOW_OUTPUT_COMMAND);
  if (choice === 'Restart') await vscode.commands.executeCommand(RESTART_COMMAND);
}
