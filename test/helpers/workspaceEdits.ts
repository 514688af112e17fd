// Reading cross-file answers in tests over stdio: a location as `path:line:character` below the workspace folder, a
// caret found by the text at it, and a workspace edit applied to the files on disk.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Location, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LspSession } from '../fixtures/lsp/harness';

/** `path:line:character` (1-based) of a location below `folder`; another scheme's URI as it is. */
export function placeOf(folder: string, l: Location): string {
  const file = l.uri.startsWith('file:') ? relative(folder, fileURLToPath(l.uri)).split('\\').join('/') : l.uri;
  return `${file}:${l.range.start.line + 1}:${l.range.start.character + 1}`;
}

/** The position `plus` characters into the first `needle` of an open document. */
export function caretAt(server: LspSession, uri: string, needle: string, plus = 1): { line: number; character: number } {
  const at = server.document(uri).getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} is in the document`);
  return server.position(uri, at + plus);
}

/** Every edited file's text after a workspace edit, each read from disk below `folder` (keyed by its path there). */
export function appliedToDisk(folder: string, edit: WorkspaceEdit): Map<string, string> {
  const out = new Map<string, string>();
  for (const change of edit.documentChanges ?? []) {
    assert.ok(TextDocumentEdit.is(change), 'text edits only');
    const file = relative(folder, fileURLToPath(change.textDocument.uri)).split('\\').join('/');
    const doc = TextDocument.create(change.textDocument.uri, 'text', 0, readFileSync(join(folder, file), 'utf8'));
    out.set(file, TextDocument.applyEdits(doc, change.edits.filter((e): e is TextEdit => 'range' in e)));
  }
  return out;
}
