// The VS Code workbench of code-server in headless Chromium: running an extension test suite in it (VS Code's own
// browser integration-test mechanism: the `payload` query names extensionDevelopmentPath and extensionTestsPath, and
// the smoke-test driver reports the end through window.codeAutomationExit), and opening it for UI checks.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { RunningCodeServer } from './codeServer';
import type { Browser, BrowserContext, Page } from './playwright';

export const VIEWPORT = { width: 1280, height: 800 };

/** A path on the code-server machine as the workbench addresses it (the remote extension host reads it). */
export function remoteUri(server: RunningCodeServer, fsPath: string): string {
  return `vscode-remote://${server.authority}${fsPath.split(path.sep).map(encodeURIComponent).join('/')}`;
}

export function workbenchUrl(server: RunningCodeServer, folder: string, payload?: Array<[string, string]>): string {
  const url = new URL(server.url);
  url.searchParams.set('folder', remoteUri(server, folder));
  if (payload) url.searchParams.set('payload', JSON.stringify(payload));
  return url.href;
}

export interface OpenWorkbench {
  context: BrowserContext;
  page: Page;
  /** The page's console (the workbench's and the extension host's forwarded lines). */
  console: string[];
  close(): Promise<void>;
}

export async function openWorkbench(browser: Browser, url: string, setup?: (page: Page) => Promise<void>): Promise<OpenWorkbench> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`[${message.type()}] ${message.text().replace(/%c/g, '').replace(/color: #[0-9a-f]+ ?/gi, '')}`));
  page.on('pageerror', (error) => lines.push(`[pageerror] ${error.message}`));
  if (setup) await setup(page);
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  return { context, page, console: lines, close: () => context.close() };
}

export interface SuiteOutcome {
  /** The extension host's exit code: 0 when every test passed. */
  exitCode: number;
  console: string[];
}

/** Opens the workbench with the test payload and waits for the extension tests to end (or the time limit). */
export async function runExtensionTests(
  browser: Browser,
  server: RunningCodeServer,
  options: { folder: string; extensionDevelopmentPath: string; extensionTestsPath: string; timeoutMs: number; artifacts: string },
): Promise<SuiteOutcome> {
  let finish: (code: number) => void = () => undefined;
  const ended = new Promise<number>((resolve) => (finish = resolve));
  const payload: Array<[string, string]> = [
    ['extensionDevelopmentPath', remoteUri(server, options.extensionDevelopmentPath)],
    ['extensionTestsPath', remoteUri(server, options.extensionTestsPath)],
    ['skipWelcome', 'true'],
  ];
  const workbench = await openWorkbench(browser, workbenchUrl(server, options.folder, payload), async (page) => {
    await page.exposeFunction('codeAutomationExit', (code: number, logs: unknown) => {
      saveLogs(options.artifacts, logs);
      finish(code);
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), options.timeoutMs)));
  try {
    const result = await Promise.race([ended, timedOut]);
    if (result === 'timeout') {
      await screenshot(workbench.page, options.artifacts, 'suite-timeout.png');
      throw new Error(`the extension tests did not finish within ${options.timeoutMs / 1000} s (no codeAutomationExit); see ${options.artifacts}`);
    }
    return { exitCode: result, console: workbench.console };
  } finally {
    clearTimeout(timer);
    mkdirSync(options.artifacts, { recursive: true });
    writeFileSync(path.join(options.artifacts, 'console.log'), `${workbench.console.join('\n')}\n`);
    await workbench.close().catch(() => undefined);
  }
}

/** Log files the workbench hands to codeAutomationExit: [{ relativePath, contents }]. */
function saveLogs(dir: string, logs: unknown): void {
  if (!Array.isArray(logs)) return;
  for (const entry of logs) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { relativePath, contents } = entry as { relativePath?: unknown; contents?: unknown };
    if (typeof relativePath !== 'string' || typeof contents !== 'string') continue;
    const target = path.join(dir, 'logs', relativePath.replace(/\.\.+/g, '_'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, contents);
  }
}

export async function screenshot(page: Page, dir: string, name: string): Promise<string | undefined> {
  try {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    await page.screenshot({ path: file });
    return file;
  } catch {
    return undefined;
  }
}
