// What the client adds for one field, every file (docs/workspace.md): the schema's read-only pages that go to
// definition opens (`fieldwise-schema:` URIs, their text asked of the server with `fieldwise/schemaDocument`), and the
// command a code lens runs to show a field's references.
import * as vscode from 'vscode';
import type { LanguageServer } from './languageServer';

export const SCHEMA_SCHEME = 'fieldwise-schema';
export const SHOW_REFERENCES_COMMAND = 'fieldwise.showReferences';

/** The schema's pages: read-only documents whose text is the server's. */
export function schemaPages(server: LanguageServer): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, {
    provideTextDocumentContent: (uri) => server.schemaPage(uri.toString()),
  });
}

/** The lens's command: the references of the field at `position` in `uri`, in the editor's references view. */
export function showReferencesCommand(): (uri: unknown, position: unknown) => Promise<void> {
  return async (uri, position) => {
    const at = position as { line?: unknown; character?: unknown } | undefined;
    if (typeof uri !== 'string' || typeof at?.line !== 'number' || typeof at.character !== 'number') {
      throw new Error(`${SHOW_REFERENCES_COMMAND} takes a document URI and a position; got ${JSON.stringify([uri, position])}`);
    }
    await vscode.commands.executeCommand('editor.action.findReferences', vscode.Uri.parse(uri), new vscode.Position(at.line, at.character));
  };
}
