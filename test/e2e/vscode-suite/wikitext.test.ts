// Wikitext through the conversion interface: the preview shows what the real Parsoid returns, follows typing, and
// fails clearly; revisions open as HTML; HTML converts to wikitext in a new editor. The user's text is never touched.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PreviewSnapshot } from '../../../client/src/preview/previewPanel';
import { runControl } from './control';
import { bodyInner, closeAllEditors, closedPort, fieldwise, openFile, parsoid, untitledDocuments, waitFor, withSettings } from './helpers';

/** The preview once nothing is pending (earlier edits and reverts have been rendered) and the last render is shown. */
async function settledPreview(uri: vscode.Uri): Promise<PreviewSnapshot> {
  const api = await fieldwise();
  return waitFor('the preview to settle', () => {
    const snapshot = api.previewSnapshot(uri);
    return snapshot && !snapshot.pending && snapshot.displayed ? snapshot : undefined;
  }, 30_000);
}

async function previewOf(uri: vscode.Uri, done: (snapshot: PreviewSnapshot) => boolean, what: string, timeoutMs = 30_000): Promise<PreviewSnapshot> {
  const api = await fieldwise();
  return waitFor(what, () => {
    const snapshot = api.previewSnapshot(uri);
    return snapshot && done(snapshot) ? snapshot : undefined;
  }, timeoutMs);
}

suite('wikitext', () => {
  let restore: () => Promise<void> = async () => undefined;

  suiteSetup(async () => {
    restore = await withSettings({ 'fieldwise.conversion.baseUrl': runControl().parsoidUrl, 'fieldwise.conversion.prefix': 'enwiki', 'fieldwise.preview.debounce': 200 });
  });
  suiteTeardown(async () => {
    await closeAllEditors();
    await restore();
  });

  test('the preview beside the editor shows the HTML Parsoid returns for the file, under the file name as page', async () => {
    const editor = await openFile('Main_Page.wiki');
    const text = editor.document.getText();
    const result = await vscode.commands.executeCommand<{ page: string } | undefined>('fieldwise.previewWikitext');
    assert.equal(result?.page, 'Main_Page');
    const snapshot = await previewOf(editor.document.uri, (s) => s.displayed, 'the preview to display');
    const direct = await parsoid('/enwiki/Main_Page', { wt: text, body: '1' });
    assert.equal(direct.status, 200);
    assert.equal(snapshot.html?.trim(), bodyInner(direct.text).trim());
    assert.match(snapshot.html ?? '', /<h2[^>]*>\s*Welcome\s*<\/h2>/);
    assert.equal(snapshot.service, runControl().parsoidUrl);
    assert.equal(editor.document.getText(), text, 'the preview changed the document');
    assert.equal(editor.document.isDirty, false);
  });

  test('the preview follows typing (debounced) and leaves the typed text as it is', async () => {
    const editor = await openFile('Main_Page.wiki');
    await vscode.commands.executeCommand('fieldwise.previewWikitext');
    const before = await previewOf(editor.document.uri, (s) => s.displayed, 'the first render');
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    try {
      assert.ok(await editor.edit((edit) => edit.insert(end, "\n=== Typed heading ===\nTyped ''text''.\n")));
      const typed = editor.document.getText();
      const after = await previewOf(editor.document.uri, (s) => s.renders > before.renders && /Typed heading/.test(s.html ?? ''), 'the preview to show the typed heading');
      assert.match(after.html ?? '', /<h3[^>]*>\s*Typed heading\s*<\/h3>/);
      assert.equal(editor.document.getText(), typed);
    } finally {
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  test('with live preview off, the preview follows saves rather than typing', async () => {
    // Auto save would save the edit and so update the preview: off for this test.
    const undo = await withSettings({ 'fieldwise.preview.live': false, 'files.autoSave': 'off' });
    const editor = await openFile('Main_Page.wiki');
    const original = editor.document.getText();
    try {
      await vscode.commands.executeCommand('fieldwise.previewWikitext');
      const before = await settledPreview(editor.document.uri);
      assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '== Saved heading ==\n')));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const live = vscode.workspace.getConfiguration('fieldwise', editor.document.uri).inspect('preview.live');
      assert.equal((await fieldwise()).previewSnapshot(editor.document.uri)?.renders, before.renders, `the preview rendered before the save (preview.live: ${JSON.stringify(live)})`);
      assert.ok(await editor.document.save());
      const after = await previewOf(editor.document.uri, (s) => /Saved heading/.test(s.html ?? ''), 'the preview after the save');
      assert.ok(after.renders > before.renders);
    } finally {
      await undo();
      const edit = new vscode.WorkspaceEdit();
      edit.replace(editor.document.uri, new vscode.Range(0, 0, editor.document.lineCount, 0), original);
      await vscode.workspace.applyEdit(edit);
      await editor.document.save();
    }
  });

  test('a page name given to the command is the page the service renders', async () => {
    const editor = await openFile('Main_Page.wiki');
    const result = await vscode.commands.executeCommand<{ page: string } | undefined>('fieldwise.previewWikitext', { uri: editor.document.uri, page: 'AC/DC' });
    assert.equal(result?.page, 'AC/DC');
    const snapshot = await previewOf(editor.document.uri, (s) => s.page === 'AC/DC' && s.displayed, 'the preview of AC/DC');
    assert.match(snapshot.html ?? '', /Welcome/);
    await vscode.commands.executeCommand('fieldwise.previewWikitext', { uri: editor.document.uri, page: 'Main_Page' });
  });

  test('a service that is down gives a clear message in the preview, and the text is untouched', async () => {
    const port = await closedPort();
    const undo = await withSettings({ 'fieldwise.conversion.baseUrl': `http://127.0.0.1:${port}` });
    try {
      const editor = await openFile('Down.wiki');
      const text = editor.document.getText();
      await vscode.commands.executeCommand('fieldwise.previewWikitext');
      const snapshot = await previewOf(editor.document.uri, (s) => s.error !== undefined, 'the preview to report the failure');
      assert.match(snapshot.error ?? '', new RegExp(`unreachable at http://127\\.0\\.0\\.1:${port}`));
      assert.match(snapshot.error ?? '', /preview of 'Down'/);
      assert.equal(editor.document.getText(), text);
      assert.equal(editor.document.isDirty, false);
    } finally {
      await undo();
    }
  });

  test('an unknown wiki id gives the service\'s 404 as a clear message', async () => {
    const undo = await withSettings({ 'fieldwise.conversion.prefix': 'nosuchwiki' });
    try {
      const editor = await openFile('Down.wiki');
      await vscode.commands.executeCommand('fieldwise.previewWikitext');
      const snapshot = await previewOf(editor.document.uri, (s) => /404/.test(s.error ?? ''), 'the preview to report the 404');
      assert.match(snapshot.error ?? '', /not found/);
      assert.match(snapshot.error ?? '', /nosuchwiki/);
    } finally {
      await undo();
    }
  });

  test('Open Page Revision as HTML: latest follows the redirect and says which revision it got', async () => {
    const result = await vscode.commands.executeCommand<{ document: string; revision: number } | undefined>('fieldwise.openRevision', { prefix: 'enwiki', page: 'Main_Page', revision: 'latest' });
    assert.ok(result, 'no result');
    const direct = await parsoid('/enwiki/Main_Page');
    const latest = Number(new URL(direct.url).searchParams.get('oldid'));
    assert.equal(result.revision, latest);
    const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === result.document);
    assert.ok(document);
    assert.equal(document.languageId, 'html');
    assert.equal(document.uri.scheme, 'untitled');
    assert.equal(document.getText(), direct.text);
  });

  test('Open Page Revision as HTML: a given revision id', async () => {
    const result = await vscode.commands.executeCommand<{ document: string; revision: number } | undefined>('fieldwise.openRevision', { prefix: 'enwiki', page: 'Main_Page', revision: 100 });
    assert.equal(result?.revision, 100);
    const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === result?.document);
    assert.equal(document?.getText(), (await parsoid('/enwiki/Main_Page?oldid=100')).text);
  });

  test('Open Page Revision as HTML: a missing page opens nothing', async () => {
    const before = untitledDocuments().length;
    const result = await vscode.commands.executeCommand('fieldwise.openRevision', { prefix: 'enwiki', page: 'No_such_page_here', revision: 'latest' });
    assert.equal(result, undefined);
    assert.equal(untitledDocuments().length, before);
  });

  test('Convert HTML to Wikitext opens the result in a new untitled wikitext editor and leaves the HTML alone', async () => {
    const editor = await openFile('page.html');
    const html = editor.document.getText();
    const result = await vscode.commands.executeCommand<{ document: string } | undefined>('fieldwise.convertHtmlToWikitext', { page: 'Main_Page', oldid: 101 });
    assert.ok(result, 'no result');
    const converted = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === result.document);
    assert.ok(converted);
    assert.equal(converted.uri.scheme, 'untitled');
    assert.equal(converted.languageId, 'wikitext');
    const direct = await parsoid('/enwiki/Main_Page', { html, oldid: '101' });
    assert.equal(converted.getText(), direct.text);
    assert.match(converted.getText(), /== Converted heading ==/);
    assert.equal(editor.document.getText(), html);
    assert.equal(editor.document.isDirty, false);
  });

  test('Convert HTML to Wikitext converts only the selection when there is one', async () => {
    const editor = await openFile('page.html');
    const start = editor.document.getText().indexOf('<h2>');
    const end = editor.document.getText().indexOf('</h2>') + '</h2>'.length;
    editor.selection = new vscode.Selection(editor.document.positionAt(start), editor.document.positionAt(end));
    const result = await vscode.commands.executeCommand<{ document: string } | undefined>('fieldwise.convertHtmlToWikitext', { page: 'Main_Page', oldid: null });
    const converted = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === result?.document);
    assert.ok(converted);
    assert.match(converted.getText(), /Converted heading/);
    assert.doesNotMatch(converted.getText(), /paragraph/);
  });

  test('without an address the embedded service renders the preview, and declines revisions clearly', async () => {
    const undo = await withSettings({ 'fieldwise.conversion.baseUrl': '' });
    try {
      const editor = await openFile('Main_Page.wiki');
      await vscode.commands.executeCommand('fieldwise.previewWikitext');
      const snapshot = await previewOf(editor.document.uri, (s) => s.displayed && s.service !== runControl().parsoidUrl, 'the embedded service to render');
      assert.match(snapshot.service ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(snapshot.html ?? '', /<h2[^>]*>[\s\S]*Welcome[\s\S]*<\/h2>/);
      assert.match(snapshot.html ?? '', /<b>bold<\/b>/);
      const before = untitledDocuments().length;
      const result = await vscode.commands.executeCommand('fieldwise.openRevision', { prefix: 'enwiki', page: 'Main_Page', revision: 'latest' });
      assert.equal(result, undefined);
      assert.equal(untitledDocuments().length, before);
    } finally {
      await undo();
    }
  });

  test('the manifest names the wikitext grammar (by its own scope name) and language configuration that ship', async () => {
    const extension = vscode.extensions.getExtension('fieldwise.fieldwise');
    assert.ok(extension);
    const { contributes } = extension.packageJSON as { contributes: {
      grammars: Array<{ language: string; scopeName: string; path: string }>;
      languages: Array<{ id: string; configuration?: string }>;
    } };
    const grammar = contributes.grammars.find((entry) => entry.language === 'wikitext');
    const language = contributes.languages.find((entry) => entry.id === 'wikitext');
    assert.ok(grammar && language?.configuration);
    const read = async (file: string): Promise<Record<string, unknown>> =>
      JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, file))).toString('utf8')) as Record<string, unknown>;
    assert.equal((await read(grammar.path)).scopeName, grammar.scopeName);
    assert.ok((await read(language.configuration)).brackets, 'the language configuration has no brackets');
  });
});
