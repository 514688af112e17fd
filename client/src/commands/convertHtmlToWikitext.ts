// Fieldwise: Convert HTML to Wikitext: the active HTML editor (or its selection) to wikitext, in a NEW untitled editor.
import * as vscode from 'vscode';
import { ConversionServices } from '../conversionServices';
import { isCancellation, showConversionFailure } from '../conversionFailure';
import { pageProblem } from '../inputValidation';
import { pageNameFromPath } from '../pageNames';
import { argumentRecord, ArgumentRecord, stringField } from './commandArguments';
import { askBaseRevision, askPage, PromptDismissed } from './prompts';

export const CONVERT_HTML_COMMAND = 'fieldwise.convertHtmlToWikitext';
const TITLE = 'Convert HTML to Wikitext';

export interface ConvertResult {
  /** The new untitled wikitext document. */
  document: string;
  page: string;
  oldid: number | null;
}

/** Argument: `{ page?, oldid?: number | null }`; whatever is missing is asked for. The source is never changed. */
export function convertHtmlCommand(services: ConversionServices) {
  return async (argument?: unknown): Promise<ConvertResult | undefined> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'html') {
      void vscode.window.showErrorMessage('Fieldwise: open an HTML editor (or select HTML in one) to convert it to wikitext.');
      return undefined;
    }
    const html = editor.selections.some((selection) => !selection.isEmpty)
      ? editor.selections.filter((selection) => !selection.isEmpty).map((selection) => editor.document.getText(selection)).join('\n')
      : editor.document.getText();
    if (html.trim() === '') {
      void vscode.window.showErrorMessage('Fieldwise: the HTML to convert is empty.');
      return undefined;
    }
    let request: { page: string; oldid: number | null };
    try {
      request = await conversionRequest(argumentRecord(argument), pageNameFromPath(editor.document.uri.path, editor.document.uri.scheme));
    } catch (error) {
      if (!(error instanceof PromptDismissed)) void vscode.window.showErrorMessage(`Fieldwise: ${TITLE}: ${(error as Error).message}`);
      return undefined;
    }
    const { page, oldid } = request;
    const action = `converting HTML of '${page}' to wikitext`;
    try {
      const wikitext = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Fieldwise: ${action}`, cancellable: true },
        async (_progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          const service = await services.connect({ scope: editor.document.uri });
          return service.client.htmlToWikitext(page, html, { oldid: oldid ?? undefined, signal: controller.signal });
        },
      );
      const document = await vscode.workspace.openTextDocument({ language: 'wikitext', content: wikitext });
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
      return { document: document.uri.toString(), page, oldid };
    } catch (error) {
      if (!isCancellation(error)) void showConversionFailure(action, error);
      return undefined;
    }
  };
}

async function conversionRequest(record: ArgumentRecord, fromFile: string | undefined): Promise<{ page: string; oldid: number | null }> {
  const page = stringField(record, 'page') ?? (await askPage(TITLE, fromFile));
  const problem = pageProblem(page);
  if (problem) throw new Error(problem);
  let oldid: number | null;
  if (!('oldid' in record)) oldid = await askBaseRevision(TITLE);
  else if (record.oldid === null) oldid = null;
  else if (typeof record.oldid === 'number' && Number.isSafeInteger(record.oldid) && record.oldid > 0) oldid = record.oldid;
  else throw new Error(`oldid must be a positive revision id or null, got ${JSON.stringify(record.oldid)}`);
  return { page, oldid };
}
