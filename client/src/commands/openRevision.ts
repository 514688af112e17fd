// Fieldwise: Open Page Revision as HTML: a revision's (or the latest) HTML from the service, in a new untitled HTML editor.
import * as vscode from 'vscode';
import { ConversionServices } from '../conversionServices';
import { isCancellation, showConversionFailure } from '../conversionFailure';
import { pageProblem, parseRevision, prefixProblem, Revision } from '../inputValidation';
import { conversionSettings } from '../settings';
import { argumentRecord, ArgumentRecord, stringField } from './commandArguments';
import { askPage, askPrefix, askRevision, PromptDismissed } from './prompts';

export const OPEN_REVISION_COMMAND = 'fieldwise.openRevision';
const TITLE = 'Open Page Revision as HTML';

export interface OpenRevisionResult {
  document: string;
  prefix: string;
  page: string;
  revision: number;
}

/** Argument: `{ prefix?, page?, revision?: number | 'latest' }`; whatever is missing is asked for. */
export function openRevisionCommand(services: ConversionServices) {
  return async (argument?: unknown): Promise<OpenRevisionResult | undefined> => {
    let request: { prefix: string; page: string; revision: Revision };
    try {
      request = await revisionRequest(argumentRecord(argument));
    } catch (error) {
      if (!(error instanceof PromptDismissed)) void vscode.window.showErrorMessage(`Fieldwise: ${TITLE}: ${(error as Error).message}`);
      return undefined;
    }
    const { prefix, page, revision } = request;
    const action = `opening ${revision === 'latest' ? 'the latest revision' : `revision ${revision}`} of '${page}' (${prefix})`;
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Fieldwise: ${action}`, cancellable: true },
        async (_progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          const service = await services.connect({ prefix });
          return service.client.pageHtml(page, { oldid: revision === 'latest' ? undefined : revision, signal: controller.signal });
        },
      );
      const document = await vscode.workspace.openTextDocument({ language: 'html', content: result.html });
      await vscode.window.showTextDocument(document, { preview: false });
      const which = revision === 'latest' ? `the latest revision, ${result.revision},` : `revision ${result.revision}`;
      void vscode.window.showInformationMessage(`Fieldwise: opened ${which} of '${page}' (${prefix}) as HTML.`);
      return { document: document.uri.toString(), prefix, page, revision: result.revision };
    } catch (error) {
      if (!isCancellation(error)) void showConversionFailure(action, error);
      return undefined;
    }
  };
}

async function revisionRequest(record: ArgumentRecord): Promise<{ prefix: string; page: string; revision: Revision }> {
  const givenPrefix = stringField(record, 'prefix');
  const prefix = givenPrefix ?? (await askPrefix(TITLE, conversionSettings().prefix));
  const prefixIssue = prefixProblem(prefix);
  if (prefixIssue) throw new Error(prefixIssue);
  const page = stringField(record, 'page') ?? (await askPage(TITLE, undefined));
  const pageIssue = pageProblem(page);
  if (pageIssue) throw new Error(pageIssue);
  const rawRevision = record.revision;
  let revision: Revision;
  if (rawRevision === undefined) revision = await askRevision(TITLE);
  else {
    const parsed = typeof rawRevision === 'number' || typeof rawRevision === 'string' ? parseRevision(String(rawRevision)) : undefined;
    if (parsed === undefined) throw new Error(`revision must be a revision id or 'latest', got ${JSON.stringify(rawRevision)}`);
    revision = parsed;
  }
  return { prefix: prefix.trim(), page, revision };
}
