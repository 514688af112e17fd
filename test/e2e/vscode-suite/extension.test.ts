// The extension as installed: the right copy is loaded, it activates, and its commands, languages and settings are there.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../harness/runControl';
import { runControl } from './control';
import { fieldwise, openFile, positionOf, waitFor, withSettings, workspaceFile } from './helpers';

const COMMANDS = [
  'fieldwise.restartServer',
  'fieldwise.showOutput',
  'fieldwise.previewWikitext',
  'fieldwise.previewWikitextAsPage',
  'fieldwise.openRevision',
  'fieldwise.convertHtmlToWikitext',
];

/**
 * The Fieldwise output as the output view shows it: the view's text model (scheme `output`, named after the channel,
 * `fieldwise.fieldwise.Fieldwise.log` for a log channel), which exists while the channel is on screen.
 */
function shownOutput(): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((document) => document.uri.scheme === 'output' && /Fieldwise(\.log)?$/.test(document.uri.path));
}

/** What the output documents on screen are called: for a failure message. */
function outputDocuments(): string {
  return vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'output').map((document) => document.uri.toString()).join(', ') || 'none';
}

/**
 * The process ids of this window's language servers: the client starts `dist/server.js` with this extension host's
 * process id as --clientProcessId (Linux: /proc; elsewhere: ps).
 */
function serverProcesses(): number[] {
  const ours = (command: string): boolean => command.includes(`${path.sep}dist${path.sep}server.js`) && command.includes(`--clientProcessId=${process.pid}`);
  if (existsSync('/proc/self/cmdline')) {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
      try {
        return ours(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
      } catch {
        return false; // The process ended while the list was read.
      }
    }).map(Number);
  }
  return execFileSync('ps', ['-A', '-o', 'pid=,args='], { encoding: 'utf8' }).split('\n')
    .filter((line) => ours(line)).map((line) => Number(line.trim().split(/\s+/)[0]));
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((hover) => hover.contents).map((content) => (typeof content === 'string' ? content : content.value)).join('\n');
}

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

  test('Show Output shows the Fieldwise output with what the server logged', async () => {
    const api = await fieldwise();
    await openFile('events/sample.json');
    await waitFor('the language server to run', () => (api.serverState() === 'running' ? true : undefined), 30_000);
    // Definitions that do not load (an event file named as one): the server logs why, as a user would then read it.
    const restore = await withSettings({ 'fieldwise.schema.definitions': ['.fieldwise/*.yml', 'events/broken.json'] });
    try {
      // The output off screen first, so that what shows below is the command's doing.
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await waitFor('the Fieldwise output to leave the screen', () => (shownOutput() === undefined ? true : undefined));
      await vscode.commands.executeCommand('fieldwise.showOutput');
      const shown = await waitFor('the Fieldwise output on screen with the server\'s message', () => {
        const text = shownOutput()?.getText();
        if (text === undefined) throw new Error(`output documents: ${outputDocuments()}`);
        return /custom field definitions of \S+ have problems/.test(text) ? text : undefined;
      }, 30_000);
      assert.match(shown, /broken\.json:1: \/: missing required property 'fieldset'/);
    } finally {
      await restore();
      await vscode.commands.executeCommand('workbench.action.closePanel');
    }
  });

  test('Restart Language Server ends the server process and starts a new one, which answers', async () => {
    const api = await fieldwise();
    const editor = await openFile('events/sample.json');
    await waitFor('the language server to run', () => (api.serverState() === 'running' ? true : undefined), 30_000);
    const before = await waitFor('the language server process', () => {
      const pids = serverProcesses();
      return pids.length === 1 ? pids[0] : undefined;
    }, 30_000);
    await vscode.commands.executeCommand('fieldwise.restartServer');
    const after = await waitFor('one new language server process, the old one gone', () => {
      const pids = serverProcesses();
      return api.serverState() === 'running' && pids.length === 1 && pids[0] !== before ? pids[0] : undefined;
    }, 30_000);
    assert.notEqual(after, before);
    // Asked after the restart, so the new process answers it: the hover of a field in the event file.
    const at = positionOf(editor.document, '"kind"', 2);
    const hover = await waitFor('a hover from the restarted server', async () => {
      const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, at));
      return /event\.kind/.test(text) ? text : undefined;
    }, 30_000);
    assert.match(hover, /Highest categorization level/);
    assert.deepEqual(serverProcesses(), [after], 'the process that answered is the new one');
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
