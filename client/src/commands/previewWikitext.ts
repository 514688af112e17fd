// Fieldwise: Preview Wikitext (and ... as Page): the preview of a wikitext document beside it.
import * as vscode from 'vscode';
import { pageProblem } from '../inputValidation';
import { pageNameFromPath } from '../pageNames';
import { PreviewManager } from '../preview/previewManager';
import { argumentRecord, stringField, uriField } from './commandArguments';
import { askPage, PromptDismissed } from './prompts';

export const PREVIEW_COMMAND = 'fieldwise.previewWikitext';
export const PREVIEW_AS_PAGE_COMMAND = 'fieldwise.previewWikitextAsPage';

export interface PreviewCommandResult {
  document: string;
  page: string;
}

/** Argument: a document Uri, or `{ uri?, page? }`; without a page the file's name is the page name. */
export function previewCommand(manager: PreviewManager, alwaysAsk: boolean) {
  return async (argument?: unknown): Promise<PreviewCommandResult | undefined> => {
    try {
      const record = argumentRecord(argument);
      const document = await targetDocument(uriField(record, 'uri'));
      if (!document) {
        void vscode.window.showErrorMessage('Fieldwise: open a wikitext file (.wiki, .wikitext, .mediawiki) to preview it.');
        return undefined;
      }
      const given = stringField(record, 'page');
      const problem = given === undefined ? undefined : pageProblem(given);
      if (problem) throw new Error(problem);
      const fromFile = manager.pageOf(document.uri) ?? pageNameFromPath(document.uri.path, document.uri.scheme);
      const page = given ?? (alwaysAsk || fromFile === undefined ? await askPage('Preview Wikitext', fromFile) : fromFile);
      manager.open(document, page);
      return { document: document.uri.toString(), page };
    } catch (error) {
      if (error instanceof PromptDismissed) return undefined;
      void vscode.window.showErrorMessage(`Fieldwise: cannot preview: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
}

async function targetDocument(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
  if (uri) return vscode.workspace.openTextDocument(uri);
  const active = vscode.window.activeTextEditor?.document;
  if (active?.languageId === 'wikitext') return active;
  // The preview itself may have focus; then the wikitext editor beside it is meant.
  return vscode.window.visibleTextEditors.map((editor) => editor.document).find((document) => document.languageId === 'wikitext');
}
