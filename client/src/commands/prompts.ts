// The questions the conversion commands ask when their arguments do not already answer them.
import * as vscode from 'vscode';
import { baseRevisionProblem, pageProblem, parseBaseRevision, parseRevision, prefixProblem, Revision, revisionProblem } from '../inputValidation';

/** Thrown when the user dismisses a prompt; commands end quietly on it. */
export class PromptDismissed extends Error {
  constructor() {
    super('dismissed');
    this.name = 'PromptDismissed';
  }
}

async function ask(options: vscode.InputBoxOptions): Promise<string> {
  const answer = await vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
  if (answer === undefined) throw new PromptDismissed();
  return answer;
}

export async function askPage(title: string, suggested: string | undefined): Promise<string> {
  const answer = await ask({ title, prompt: 'Page name (title of the wiki page)', value: suggested, placeHolder: 'Main_Page', validateInput: pageProblem });
  return answer.trim();
}

export async function askPrefix(title: string, suggested: string): Promise<string> {
  const answer = await ask({ title, prompt: 'Wiki id (prefix), such as enwiki', value: suggested, validateInput: prefixProblem });
  return answer.trim();
}

export async function askRevision(title: string): Promise<Revision> {
  const answer = await ask({ title, prompt: 'Revision id, or latest', value: 'latest', validateInput: revisionProblem });
  return parseRevision(answer) as Revision;
}

/** null when the HTML has no base revision. */
export async function askBaseRevision(title: string): Promise<number | null> {
  const answer = await ask({
    title,
    prompt: 'Base revision id the HTML came from (for a clean round trip); leave empty for none',
    placeHolder: 'none',
    validateInput: baseRevisionProblem,
  });
  return parseBaseRevision(answer) as number | null;
}
