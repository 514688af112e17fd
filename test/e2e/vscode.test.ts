// Fieldwise in a real VS Code: code-server (VS Code's server and workbench) in headless Chromium.
// The mocha suite (test/e2e/vscode-suite) runs in code-server's extension host twice: from the repository and from
// the installed fieldwise.vsix; then Playwright checks what a user sees (suggest widget, preview webview).
// FIELDWISE_SKIP_E2E=1 skips it; otherwise missing prerequisites are installed, or the test fails with the command to run.
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test, type TestContext } from 'node:test';
import { buildSuite, REPO_ROOT } from './harness/buildSuite';
import { CodeServerDirs, codeServerDirs, installExtension, listExtensions, RunningCodeServer, startCodeServer, writeUserSettings } from './harness/codeServer';
import { startHostileService } from './harness/hostileService';
import { startParsoid } from '../integration/parsoid-server';
import { Browser, Frame, launchChromium, Locator, Page } from './harness/playwright';
import { CONTROL_ENV, EXTENSION_ID, isSuiteResults, RunControl } from './harness/runControl';
import { packageExtension, vsixEntries } from './harness/vsix';
import { openWorkbench, OpenWorkbench, runExtensionTests, screenshot, workbenchUrl } from './harness/workbench';
import { e2eSkipped, ensureDebianPackages, ensureE2eTools, E2eTools } from './prerequisites';
import { expectedVsixEntries } from '../helpers/shippedFiles';

const ARTIFACTS = path.join(REPO_ROOT, 'test-results', 'vscode');
const FIXTURE_WORKSPACE = path.join(__dirname, 'fixtures', 'workspace');
const SUITE_TIMEOUT_MS = 6 * 60 * 1000;

test('Fieldwise in code-server (real VS Code workbench)', { skip: e2eSkipped() ? 'FIELDWISE_SKIP_E2E=1' : false, timeout: 40 * 60 * 1000 }, async (t) => {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  await ensureDebianPackages(['chromium', 'unzip']);
  const tools = await ensureE2eTools();

  const vsix = await packageExtension();
  await t.test('the .vsix holds only what the extension needs (the list of test/helpers/shippedFiles.ts)', () => {
    const entries = vsixEntries(vsix).map((entry) => entry.name).sort();
    assert.deepEqual(entries, expectedVsixEntries());
    t.diagnostic(`fieldwise.vsix: ${entries.length} files, ${readFileSync(vsix).length} bytes`);
  });

  const suiteIndex = await buildSuite();
  const parsoid = await startParsoid();
  const root = mkdtempSync(path.join(tmpdir(), 'fieldwise-e2e-'));
  const dirs = codeServerDirs(root);
  const workspace = path.join(root, 'workspace');
  cpSync(FIXTURE_WORKSPACE, workspace, { recursive: true });
  // One field, every file (vscode-suite/crossfile.test.ts): the LSP fixture workspace, with a field its package does not declare.
  cpSync(path.join(REPO_ROOT, 'test/fixtures/lsp/crossfile'), path.join(workspace, 'crossfile'), { recursive: true });
  writeFileSync(path.join(workspace, 'crossfile/packages/shop/data_stream/orders/elasticsearch/ingest_pipeline/coupon.yml'), 'processors:\n  - set:\n      field: shop.coupon\n      value: SPRING\n');
  const control = path.join(root, 'control.json');
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    await installExtension(tools, dirs, vsix);
    const installed = await listExtensions(tools, dirs);
    assert.ok(installed.some((entry) => entry.startsWith(`${EXTENSION_ID}@`)), `fieldwise is not among the installed extensions: ${installed.join(', ')}`);
    writeUserSettings(dirs, {});
    server = await startCodeServer(tools, dirs, { folder: workspace, env: { [CONTROL_ENV]: control } });
    browser = await launchChromium(tools);
    const runSuite = suiteRunner({ tools, dirs, server, browser, workspace, control, suiteIndex, parsoidUrl: parsoid.url });

    await t.test('extension tests, extension from the repository (extensionDevelopmentPath)', (tt) =>
      runSuite(tt, { mode: 'development', developmentPath: REPO_ROOT, expectedRoot: REPO_ROOT }));
    await t.test('extension tests, extension installed from fieldwise.vsix', (tt) =>
      runSuite(tt, { mode: 'vsix', developmentPath: placeholderExtension(root), expectedRoot: dirs.extensions }));

    // The UI checks use the installed .vsix, with the user's settings pointing the preview at Parsoid.
    writeUserSettings(dirs, { 'fieldwise.conversion.baseUrl': parsoid.url });
    await t.test('UI: the suggest widget shows a field with its level badge', () =>
      withWorkbench(browser!, server!, workspace, 'suggest', async (workbench) => {
        await openQuickFile(workbench.page, 'sample.json');
        // Caret after `"source": { `, then ask for suggestions.
        await workbench.page.locator('.monaco-editor .view-line').filter({ hasText: '"source"' }).first().click();
        await findAndPlaceCaret(workbench.page, '"source": { ');
        await workbench.page.keyboard.press('Control+Space');
        const row = workbench.page.locator('.suggest-widget .monaco-list-row').filter({ hasText: 'port' }).first();
        await row.waitFor({ timeout: 30_000 });
        const text = await row.innerText();
        assert.match(text, /\bcore\b/, `suggest row: ${text}`);
        await screenshot(workbench.page, ARTIFACTS, 'completion.png');
      }));

    await t.test('UI: in an ingest pipeline, hover documents a processor\'s field and a misspelt target field is a problem', async () => {
      // The hover below its line, so that the problem above stays in sight on the screenshot.
      writeUserSettings(dirs, { 'fieldwise.conversion.baseUrl': parsoid.url, 'editor.hover.above': false });
      try {
        await withWorkbench(browser!, server!, workspace, 'pipeline', async (workbench) => {
          await openQuickFile(workbench.page, 'default.yml');
          // `target_field: source.ipp` is the file's one problem (unknown-field).
          await workbench.page.locator('[id="status.problems"]').filter({ hasText: /[1-9]/ }).first().waitFor({ timeout: 30_000 });
          await workbench.page.locator('.monaco-editor .view-line').filter({ hasText: 'processors:' }).first().click();
          // The caret inside `field: event.kind`, then Show or Focus Hover.
          await findAndPlaceCaret(workbench.page, 'field: event.k');
          const hover = await showHover(workbench.page, /Highest categorization level/);
          assert.match(hover, /event\.kind/);
          // The problem's squiggle is on screen beside the hover.
          await workbench.page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 10_000 });
          await screenshot(workbench.page, ARTIFACTS, 'pipeline.png');
        });
      } finally {
        writeUserSettings(dirs, { 'fieldwise.conversion.baseUrl': parsoid.url });
      }
    });

    await t.test('UI: in an index template, completion inside properties offers the set\'s fields with their level badges', () =>
      withWorkbench(browser!, server!, workspace, 'mapping', async (workbench) => {
        await openQuickFile(workbench.page, 'logs-firewall.json');
        await workbench.page.locator('.monaco-editor .view-line').filter({ hasText: '"index_patterns"' }).first().click();
        // The blank line inside destination's `properties`: two lines below `"destination": {`, at its end.
        await findAndPlaceCaret(workbench.page, '"destination": {');
        await workbench.page.keyboard.press('ArrowDown');
        await workbench.page.keyboard.press('ArrowDown');
        await workbench.page.keyboard.press('End');
        await workbench.page.keyboard.press('Control+Space');
        // The row of `port` itself (not `nat.port`).
        const row = workbench.page.locator('.suggest-widget .monaco-list-row').filter({ has: workbench.page.locator('.label-name', { hasText: /^port$/ }) }).first();
        await row.waitFor({ timeout: 30_000 });
        assert.match(await row.innerText(), /\bcore\b/);
        await screenshot(workbench.page, ARTIFACTS, 'mapping.png');
        await workbench.page.keyboard.press('Escape');
      }));

    await t.test('UI: a .conf file under pipeline/ opens as Logstash, highlighted', () =>
      withWorkbench(browser!, server!, workspace, 'logstash', async (workbench) => {
        await openQuickFile(workbench.page, 'apache.conf');
        // The status bar's language mode follows the server's recognition (VS Code opens .conf as Properties).
        await workbench.page.locator('[id="status.editor.mode"]').filter({ hasText: 'Logstash' }).first().waitFor({ timeout: 30_000 });
        // The grammar colours the parts of a conditional apart: the keyword, the field reference, the string.
        // The level badge (an inlay hint) may stand between the field reference and `==` once the server has answered.
        const line = workbench.page.locator('.monaco-editor .view-line').filter({ hasText: /if\s\[event\]\[module\](?:\s*core)?\s*==\s"apache"\s\{/ }).first();
        const colours = await waitUntil(async () => {
          const spans = line.locator('span > span');
          const tokens: Array<{ text: string; colour: string }> = [];
          for (let i = 0, n = await spans.count(); i < n; i++) {
            const text = (await spans.nth(i).innerText()).trim();
            if (text !== '') tokens.push({ text, colour: (await spans.nth(i).getAttribute('class')) ?? '' });
          }
          return new Set(tokens.map((token) => token.colour)).size >= 3 ? tokens : undefined;
        }, 30_000);
        assert.ok(colours, 'the conditional is highlighted in at least three colours');
        const colourOf = (text: string): string | undefined => colours.find((token) => token.text === text)?.colour;
        assert.notEqual(colourOf('if'), colourOf('"apache"'), `tokens: ${JSON.stringify(colours)}`);
        await screenshot(workbench.page, ARTIFACTS, 'logstash.png');
      }));

    await t.test('UI: the preview webview shows what Parsoid renders, through its nested frames', () =>
      withWorkbench(browser!, server!, workspace, 'preview', async (workbench) => {
        await openQuickFile(workbench.page, 'Main_Page.wiki');
        await runCommand(workbench.page, 'Fieldwise: Preview Wikitext');
        const frame = await previewFrame(workbench.page, (content) => content.includes('Welcome'));
        const heading = await frame.locator('#content h2').first().innerText();
        assert.equal(heading.trim(), 'Welcome');
        // Parsoid's own markup (the embedded service writes plain links): the preview shows the configured service's HTML.
        assert.equal(await frame.locator('#content a[rel="mw:WikiLink"]').count(), 1);
        assert.match(await frame.locator('#content').innerText(), /bold/);
        await screenshot(workbench.page, ARTIFACTS, 'preview.png');
      }));

    await t.test('UI: the live preview keeps its scroll position while you type', () =>
      withWorkbench(browser!, server!, workspace, 'scroll', async (workbench) => {
        await openQuickFile(workbench.page, 'Long.wiki');
        await runCommand(workbench.page, 'Fieldwise: Preview Wikitext');
        const frame = await previewFrame(workbench.page, (content) => content.includes('Section 60'));
        const scrolled = await frame.evaluate<number>('window.scrollTo(0, 1500), window.scrollY');
        assert.ok(scrolled > 1000, `the preview did not scroll (scrollY ${scrolled})`);
        await workbench.page.locator('.monaco-editor .view-line').filter({ hasText: 'Section 1 ==' }).first().click();
        // Into the heading's text: `== Section 1 edited ==`.
        await workbench.page.keyboard.press('End');
        for (let i = 0; i < 3; i++) await workbench.page.keyboard.press('ArrowLeft');
        await workbench.page.keyboard.type(' edited');
        const updated = await waitUntil(async () => ((await frame.locator('#content').innerText()).includes('Section 1 edited') ? true : undefined), 20_000);
        assert.ok(updated, 'the preview did not follow the typing');
        const after = await frame.evaluate<number>('window.scrollY');
        assert.ok(Math.abs(after - scrolled) <= 2, `scroll position moved from ${scrolled} to ${after}`);
        await screenshot(workbench.page, ARTIFACTS, 'preview-scrolled.png');
        await workbench.page.keyboard.press('Control+Z');
      }));

    await t.test('UI: a crashed language server restarts with a visible message', () =>
      withWorkbench(browser!, server!, workspace, 'crash', async (workbench) => {
        await openQuickFile(workbench.page, 'broken.json');
        // This window's server has answered (its diagnostics are counted).
        await workbench.page.locator('[id="status.problems"]').filter({ hasText: /[1-9]/ }).first().waitFor({ timeout: 30_000 });
        // The server of this window's extension host (the newest one; the hosts of closed windows outlive them for a
        // few seconds of reconnection grace time): started with that host's process id as --clientProcessId.
        const host = newestProcess((command) => command.includes('--type=extensionHost'));
        assert.ok(host, 'no extension host process');
        const serverJs = path.join(dirs.extensions, `${EXTENSION_ID}-`);
        const ours = (command: string): boolean =>
          command.includes(serverJs) && command.includes('dist/server.js') && command.includes(`--clientProcessId=${host.pid} `);
        const first = await waitUntil(() => newestProcess(ours), 30_000);
        assert.ok(first, `no language server process of the installed extension started by extension host ${host.pid}`);
        process.kill(first.pid, 'SIGKILL');
        const second = await waitUntil(() => {
          const candidate = newestProcess(ours);
          return candidate && candidate.pid !== first.pid ? candidate : undefined;
        }, 30_000);
        // The message is a notification; the notification list shows it whether or not a toast is still up.
        await runCommand(workbench.page, 'Notifications: Show Notifications');
        const message = workbench.page
          .locator('.notifications-toasts .notification-list-item, .notifications-center .notification-list-item')
          .filter({ hasText: 'language server stopped unexpectedly' })
          .first();
        await message.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
          throw new Error(`${(error as Error).message}\nserver ${first.pid} killed, then ${second?.pid ?? 'none'} started; notifications: ${(await notificationTexts(workbench.page)).join(' | ') || 'none'}`);
        });
        assert.match(await message.innerText(), /restarting it/);
        await screenshot(workbench.page, ARTIFACTS, 'crash-message.png');
        assert.ok(second, 'the language server was not started again');
      }));

    await t.test('UI: nothing from the service runs in the preview, and links open outside it', async () => {
      const hostile = await startHostileService();
      writeUserSettings(dirs, { 'fieldwise.conversion.baseUrl': hostile.url });
      try {
        await withWorkbench(browser!, server!, workspace, 'hostile', async (workbench) => {
          await openQuickFile(workbench.page, 'Main_Page.wiki');
          await runCommand(workbench.page, 'Fieldwise: Preview Wikitext');
          const frame = await previewFrame(workbench.page, (content) => content.includes('Hostile page'));
          assert.equal(await frame.evaluate<string | null>('document.body.dataset.pwned ?? null'), null);
          assert.equal(await frame.locator('#content script, #content iframe, #content link, #content base, #content img').count(), 0);
          assert.equal(await frame.locator('.fieldwise-image-placeholder').count(), 1);
          assert.equal(await frame.locator('#content [onclick], #content [onerror], #content [style]').count(), 0);
          const popups: Page[] = [];
          workbench.page.on('popup', (popup) => popups.push(popup));
          await frame.locator('#script-link').click();
          await frame.locator('#web-link').click();
          await acceptExternalLink(workbench.page);
          const opened = await waitUntil(() => popups.find((popup) => popup.url().includes('/wiki/Target')), 20_000);
          assert.ok(opened, `the web link did not open outside the preview; popups: ${popups.map((popup) => popup.url()).join(', ')}`);
          assert.equal(await frame.evaluate<string | null>('document.body.dataset.pwned ?? null'), null);
          assert.deepEqual(hostile.requests.filter((request) => /pwned/.test(request)), []);
          await screenshot(workbench.page, ARTIFACTS, 'hostile-preview.png');
        });
      } finally {
        await hostile.close();
        writeUserSettings(dirs, { 'fieldwise.conversion.baseUrl': parsoid.url });
      }
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await parsoid.stop().catch(() => undefined);
    // The remote extension hosts' logs (Fieldwise's output channel and its server's messages, per window): what a
    // failure that shows nothing on screen leaves behind.
    const logs = path.join(dirs.userData, 'logs');
    if (existsSync(logs)) cpSync(logs, path.join(ARTIFACTS, 'code-server-logs'), { recursive: true });
    if (!process.env.FIELDWISE_E2E_KEEP) rmSync(root, { recursive: true, force: true });
  }
});

interface SuiteContext {
  tools: E2eTools;
  dirs: CodeServerDirs;
  server: RunningCodeServer;
  browser: Browser;
  workspace: string;
  control: string;
  suiteIndex: string;
  parsoidUrl: string;
}

/** Runs the mocha suite once and reports each of its tests as a subtest. */
function suiteRunner(context: SuiteContext) {
  return async (t: TestContext, run: { mode: RunControl['mode']; developmentPath: string; expectedRoot: string }): Promise<void> => {
    const artifacts = path.join(ARTIFACTS, `suite-${run.mode}`);
    const resultsFile = path.join(context.dirs.root, `results-${run.mode}.json`);
    rmSync(resultsFile, { force: true });
    const controlData: RunControl = {
      mode: run.mode,
      expectedExtensionRoot: run.expectedRoot,
      resultsFile,
      parsoidUrl: context.parsoidUrl,
      workspace: context.workspace,
      grep: process.env.FIELDWISE_E2E_GREP || undefined,
    };
    writeFileSync(context.control, JSON.stringify(controlData, null, 2));
    const outcome = await runExtensionTests(context.browser, context.server, {
      folder: context.workspace,
      extensionDevelopmentPath: run.developmentPath,
      extensionTestsPath: context.suiteIndex,
      timeoutMs: SUITE_TIMEOUT_MS,
      artifacts,
    });
    if (!existsSync(resultsFile)) {
      throw new Error(`the suite wrote no results (exit code ${outcome.exitCode}); console: ${path.join(artifacts, 'console.log')}\n${outcome.console.slice(-30).join('\n')}`);
    }
    const results: unknown = JSON.parse(readFileSync(resultsFile, 'utf8'));
    assert.ok(isSuiteResults(results), `${resultsFile} is not a results file`);
    t.diagnostic(`VS Code ${results.vscodeVersion}; extension loaded from ${results.extensionPath}`);
    assert.ok(results.tests.length > 0, 'the suite ran no test');
    for (const result of results.tests) {
      await t.test(result.title, { skip: result.state === 'pending' }, () => {
        if (result.state === 'failed') throw new Error(result.error ?? 'failed');
      });
    }
    assert.equal(outcome.exitCode, results.tests.some((result) => result.state === 'failed') ? 1 : 0, 'exit code and results disagree');
  };
}

/** An empty extension to satisfy extensionDevelopmentPath when the extension under test is the installed vsix. */
function placeholderExtension(root: string): string {
  const dir = path.join(root, 'placeholder-extension');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'fieldwise-e2e-placeholder', publisher: 'fieldwise-tests', version: '0.0.0', engines: { vscode: '^1.91.0' } }),
  );
  return dir;
}

/** Opens the workbench for UI checks; a failing check leaves a screenshot in test-results/vscode. */
async function withWorkbench(browser: Browser, server: RunningCodeServer, folder: string, name: string, check: (workbench: OpenWorkbench) => Promise<void>): Promise<void> {
  const workbench = await openWorkbench(browser, workbenchUrl(server, folder));
  try {
    await workbench.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await workbench.page.locator('.explorer-folders-view, .monaco-workbench .part.sidebar').first().waitFor({ timeout: 60_000 });
    await check(workbench);
  } catch (error) {
    const shot = await screenshot(workbench.page, ARTIFACTS, `${name}-failure.png`);
    writeFileSync(path.join(ARTIFACTS, `${name}-console.log`), `${workbench.console.join('\n')}\n`);
    throw new Error(`${(error as Error).message}${shot ? `\nscreenshot: ${shot}` : ''}`, { cause: error });
  } finally {
    await workbench.close().catch(() => undefined);
  }
}

/** Opens a workspace file through Quick Open (Ctrl+P), as a user would. */
async function openQuickFile(page: Page, name: string): Promise<void> {
  await pickFromQuickInput(page, 'Control+P', name, page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: name }).first());
  await page.locator(`.tab[data-resource-name="${name}"], .tab:has-text("${name}")`).first().waitFor({ timeout: 20_000 });
}

/** Runs a command from the palette. */
async function runCommand(page: Page, title: string): Promise<void> {
  // The row of exactly this command: another row can contain its title ("Preview Wikitext as Page...").
  const exactly = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await pickFromQuickInput(page, 'F1', title, page.locator('.quick-input-widget .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exactly }) }).first());
}

/**
 * Opens the quick input with `key`, types `text` and clicks `row`, asking again until the row shows: right after a window
 * opens, its remote extension host (which lists the extension's commands and searches the workspace's files) may still
 * be starting, for 20 s and more on a busy machine.
 */
async function pickFromQuickInput(page: Page, key: string, text: string, row: Locator): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.keyboard.press(key);
    await page.locator('.quick-input-widget input').waitFor({ timeout: 20_000 });
    await page.keyboard.insertText(text);
    try {
      await row.waitFor({ timeout: 5_000 });
      await row.click();
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
      await page.waitForTimeout(1_000);
    }
  }
}

/** Shows the hover at the caret (the command palette's Show or Focus Hover) and returns its text once it matches `expected`. */
async function showHover(page: Page, expected: RegExp): Promise<string> {
  await runCommand(page, 'Show or Focus Hover');
  const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: expected }).first();
  await hover.waitFor({ timeout: 30_000 });
  return hover.innerText();
}

/** Moves the caret to just after `needle` in the active editor, with the editor's own Find widget. */
async function findAndPlaceCaret(page: Page, needle: string): Promise<void> {
  await page.keyboard.press('Control+F');
  await page.locator('.find-widget .input').first().waitFor({ timeout: 10_000 });
  await page.keyboard.insertText(needle);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  // The match stays selected: the right arrow puts the caret at its end.
  await page.keyboard.press('ArrowRight');
}

/** The frame of our webview document: VS Code nests it (iframe.webview > #active-frame). */
async function previewFrame(page: Page, ready: (content: string) => boolean): Promise<Frame> {
  const frame = await waitUntil(async () => {
    for (const candidate of page.frames()) {
      try {
        if ((await candidate.locator('main#content').count()) === 0) continue;
        const content = await candidate.locator('main#content').innerText({ timeout: 1000 });
        if (ready(content)) return candidate;
      } catch {
        // A frame that is navigating or gone; look again.
      }
    }
    return undefined;
  }, 30_000);
  if (!frame) {
    throw new Error(`no preview frame with the expected content; frames: ${page.frames().map((candidate) => candidate.url()).join(', ')}; ` +
      `notifications: ${(await notificationTexts(page)).join(' | ') || 'none'}`);
  }
  return frame;
}

/** The texts of the notifications on screen (toasts, or the list when it is open): what a failing check saw. */
async function notificationTexts(page: Page): Promise<string[]> {
  return page.locator('.notification-list-item').allInnerTexts().catch(() => []);
}

/** VS Code asks before opening an address outside its trusted domains; answer Open like a user would. */
async function acceptExternalLink(page: Page): Promise<void> {
  const open = page.locator('.monaco-dialog-box .monaco-button').filter({ hasText: /^Open$/ }).first();
  try {
    await open.waitFor({ timeout: 5_000 });
    await open.click();
  } catch {
    // No dialog: the link opened directly.
  }
}

/** The most recently started process whose command line matches (Linux /proc). */
function newestProcess(matches: (command: string) => boolean): { pid: number; started: number } | undefined {
  let newest: { pid: number; started: number } | undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!matches(command)) continue;
      // Field 22 of /proc/PID/stat is the start time; fields are counted after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const started = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
      if (!newest || started > newest.started) newest = { pid: Number(entry), started };
    } catch {
      // The process ended while we looked.
    }
  }
  return newest;
}

async function waitUntil<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}
