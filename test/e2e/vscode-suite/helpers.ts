// Small helpers of the extension tests: the extension's API, waiting for what a user would see, fixture files, settings.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FieldwiseApi } from '../../../client/src/api';
import { EXTENSION_ID } from '../harness/runControl';
import { runControl } from './control';

export async function fieldwise(): Promise<FieldwiseApi> {
  const extension = vscode.extensions.getExtension<FieldwiseApi>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed in this window`);
  return extension.activate();
}

/** Polls until `probe` returns something other than undefined; the error tells what was awaited and what was last seen. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: string | undefined;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${last === undefined ? '' : ` (last: ${last})`}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.file(path.join(runControl().workspace, relative));
}

export async function openFile(relative: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(relative));
  return vscode.window.showTextDocument(document, { preview: false });
}

/** Offset of the n-th occurrence of `needle` (plus `delta`) as a position in the document. */
export function positionOf(document: vscode.TextDocument, needle: string, delta = 0, occurrence = 0): vscode.Position {
  const text = document.getText();
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`'${needle}' (occurrence ${occurrence}) not found in ${document.uri.fsPath}`);
  }
  return document.positionAt(index + delta);
}

/** Sets user settings for a test and returns how to put the previous values back. */
export async function withSettings(values: Record<string, unknown>): Promise<() => Promise<void>> {
  const config = vscode.workspace.getConfiguration();
  const previous = Object.keys(values).map((key) => [key, config.inspect(key)?.globalValue] as const);
  for (const [key, value] of Object.entries(values)) await config.update(key, value, vscode.ConfigurationTarget.Global);
  return async () => {
    for (const [key, value] of previous) await vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
  };
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Text documents that are open and untitled. */
export function untitledDocuments(): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'untitled');
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago), for a service that is down. */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The body's inner HTML of a full or body-only answer, as the preview gets it. */
export function bodyInner(html: string): string {
  const match = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return match ? match[1] : html;
}

/** Asks Parsoid directly, to compare with what the extension shows. */
export async function parsoid(pathAndQuery: string, form?: Record<string, string>): Promise<{ status: number; text: string; url: string }> {
  const response = await fetch(`${runControl().parsoidUrl}${pathAndQuery}`, {
    method: form ? 'POST' : 'GET',
    body: form ? new URLSearchParams(form) : undefined,
    redirect: 'follow',
  });
  return { status: response.status, text: await response.text(), url: response.url };
}
