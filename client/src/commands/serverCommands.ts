// Fieldwise: Restart Language Server and Fieldwise: Show Output.
import * as vscode from 'vscode';
import { LanguageServer } from '../languageServer';

export function restartServerCommand(server: LanguageServer, output: vscode.LogOutputChannel) {
  return async (): Promise<void> => {
    output.info('restarting the language server (asked by the user)');
    await server.restart();
    if (server.state === 'running') void vscode.window.showInformationMessage('Fieldwise: the language server restarted.');
  };
}

export function showOutputCommand(output: vscode.LogOutputChannel) {
  return (): void => output.show(true);
}
