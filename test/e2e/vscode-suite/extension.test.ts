// The extension as installed: the right copy is loaded, it activates, and its commands, languages and settings are there.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../harness/runControl';
import { runControl } from './control';
import { fieldwise, openFile, waitFor, workspaceFile } from './helpers';

const COMMANDS = [
  'fieldwise.restartServer',
  'fieldwise.showOutput',
  'fieldwise.previewWikitext',
  'fieldwise.previewWikitextAsPage',
  'fieldwise.openRevision',
  'fieldwise.convertHtmlToWikitext',
];

suite('extension', () => {
  test('the extension under test is the one this run is for (repository or installed .vsix)', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    const expected = path.resolve(runControl().expectedExtensionRoot);
    const actual = path.resolve(extension.extensionPath);
    assert.ok(actual === expected || actual.startsWith(expected + path.sep), `loaded from ${actual}, expected below ${expected}`);
  });

  test('activates on an event document and registers its commands', async () => {
    await openFile('events/sample.json');
    const extension = await waitFor('activation', () => (vscode.extensions.getExtension(EXTENSION_ID)?.isActive ? true : undefined));
    assert.equal(extension, true);
    const commands = await vscode.commands.getCommands(true);
    for (const command of COMMANDS) assert.ok(commands.includes(command), `command ${command} is not registered`);
  });

  test('NDJSON and wikitext files open in their languages', async () => {
    const languages = await vscode.languages.getLanguages();
    assert.ok(languages.includes('ndjson') && languages.includes('wikitext'), `languages: ${languages.join(', ')}`);
    const wiki = await vscode.workspace.openTextDocument(workspaceFile('Main_Page.wiki'));
    assert.equal(wiki.languageId, 'wikitext');
    const lines = await vscode.workspace.openTextDocument({ content: '{"event":{"kind":"event"}}\n', language: 'ndjson' });
    assert.equal(lines.languageId, 'ndjson');
  });

  test('settings are contributed with their defaults', () => {
    const config = vscode.workspace.getConfiguration('fieldwise');
    assert.equal(config.inspect('conversion.prefix')?.defaultValue, 'enwiki');
    assert.deepEqual(config.inspect('schema.definitions')?.defaultValue, ['.fieldwise/*.yml']);
    assert.equal(config.inspect('trace.server')?.defaultValue, 'off');
    assert.equal(config.inspect('preview.live')?.defaultValue, true);
    assert.equal(config.inspect('preview.allowImages')?.defaultValue, false);
  });

  test('Show Output runs', async () => {
    await vscode.commands.executeCommand('fieldwise.showOutput');
  });

  test('the language server runs, and runs again after Restart Language Server', async () => {
    const api = await fieldwise();
    await waitFor('the language server to run', () => (api.serverState() === 'running' ? true : undefined), 30_000);
    await vscode.commands.executeCommand('fieldwise.restartServer');
    await waitFor('the language server to run after the restart', () => (api.serverState() === 'running' ? true : undefined), 30_000);
  });

  test('the language status item shows the schema version and the custom fields of .fieldwise/acme.yml', async () => {
    const api = await fieldwise();
    await openFile('events/sample.json');
    const item = await waitFor('the status item to show the server status', () => (api.statusItem().status ? api.statusItem() : undefined), 30_000);
    assert.match(item.status?.schemaVersion ?? '', /^\d+\.\d+\.\d+/);
    // .fieldwise/acme.yml defines two custom fields.
    assert.equal(item.status?.customFieldCount, 2);
    assert.ok(item.text.includes(item.status?.schemaVersion ?? '?') && item.text.includes('2 custom fields'), `status item text: ${item.text}`);
  });
});
