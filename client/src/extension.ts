// Fieldwise for VS Code: the language server for event documents, and wikitext preview and conversion.
import * as vscode from 'vscode';
import { FieldwiseApi } from './api';
import { CONVERT_HTML_COMMAND, convertHtmlCommand } from './commands/convertHtmlToWikitext';
import { OPEN_REVISION_COMMAND, openRevisionCommand } from './commands/openRevision';
import { PREVIEW_AS_PAGE_COMMAND, PREVIEW_COMMAND, previewCommand } from './commands/previewWikitext';
import { restartServerCommand, showOutputCommand } from './commands/serverCommands';
import { ConversionServices } from './conversionServices';
import { schemaPages, SHOW_REFERENCES_COMMAND, showReferencesCommand } from './crossFile';
import { RESTART_COMMAND, SHOW_OUTPUT_COMMAND } from './languageClient';
import { LanguageServer } from './languageServer';
import { PreviewManager } from './preview/previewManager';
import { StatusItem } from './statusItem';

let cleanUp: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): FieldwiseApi {
  const output = vscode.window.createOutputChannel('Fieldwise', { log: true });
  const server = new LanguageServer(context.extensionUri, output);
  const status = new StatusItem(server);
  const services = new ConversionServices(templatesFolder, (line) => output.info(line));
  const previews = new PreviewManager(services);

  context.subscriptions.push(
    output,
    status,
    previews,
    vscode.commands.registerCommand(RESTART_COMMAND, restartServerCommand(server, output)),
    vscode.commands.registerCommand(SHOW_OUTPUT_COMMAND, showOutputCommand(output)),
    vscode.commands.registerCommand(PREVIEW_COMMAND, previewCommand(previews, false)),
    vscode.commands.registerCommand(PREVIEW_AS_PAGE_COMMAND, previewCommand(previews, true)),
    vscode.commands.registerCommand(OPEN_REVISION_COMMAND, openRevisionCommand(services)),
    vscode.commands.registerCommand(CONVERT_HTML_COMMAND, convertHtmlCommand(services)),
    vscode.commands.registerCommand(SHOW_REFERENCES_COMMAND, showReferencesCommand()),
    schemaPages(server),
  );
  cleanUp = async () => {
    await Promise.all([server.stop(), services.close()]);
  };
  void server.start();

  return {
    serverState: () => server.state,
    statusItem: () => status.current,
    previewSnapshot: (document) => previews.snapshot(document),
    onDidUpdatePreview: previews.onDidUpdate,
    onDidChangeServerState: server.onDidChangeState,
  };
}

export async function deactivate(): Promise<void> {
  await cleanUp?.();
  cleanUp = undefined;
}

/** The embedded service reads templates (`Name.wiki` for {{Name}}) from the first workspace folder on disk. */
function templatesFolder(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.find((candidate) => candidate.uri.scheme === 'file');
  return folder?.uri.fsPath;
}
