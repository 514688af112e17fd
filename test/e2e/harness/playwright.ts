// playwright-core from the e2e tools folder (not a project dependency), behind the few types the harness uses.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { toolEnv, type E2eTools } from '../prerequisites';

export interface ConsoleMessage {
  type(): string;
  text(): string;
}

export interface Locator {
  first(): Locator;
  nth(index: number): Locator;
  filter(options: { hasText?: string | RegExp; has?: Locator }): Locator;
  locator(selector: string): Locator;
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  count(): Promise<number>;
  innerText(options?: { timeout?: number }): Promise<string>;
  allInnerTexts(): Promise<string[]>;
  getAttribute(name: string): Promise<string | null>;
  click(options?: { timeout?: number; button?: 'left' | 'middle' }): Promise<void>;
  screenshot(options: { path: string }): Promise<Buffer>;
}

export interface Frame {
  url(): string;
  name(): string;
  locator(selector: string): Locator;
  evaluate<T>(script: string): Promise<T>;
  childFrames(): Frame[];
}

export interface Keyboard {
  press(key: string): Promise<void>;
  type(text: string, options?: { delay?: number }): Promise<void>;
  insertText(text: string): Promise<void>;
}

export interface Page {
  goto(url: string, options?: { waitUntil?: 'load' | 'domcontentloaded'; timeout?: number }): Promise<unknown>;
  exposeFunction(name: string, callback: (...args: never[]) => unknown): Promise<void>;
  on(event: 'console', listener: (message: ConsoleMessage) => void): void;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  on(event: 'popup', listener: (page: Page) => void): void;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>;
  frames(): Frame[];
  mainFrame(): Frame;
  locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
  keyboard: Keyboard;
  url(): string;
  waitForTimeout(ms: number): Promise<void>;
  close(): Promise<void>;
  isClosed(): boolean;
}

export interface BrowserContext {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface Browser {
  newContext(options?: { viewport?: { width: number; height: number } }): Promise<BrowserContext>;
  close(): Promise<void>;
}

interface PlaywrightCore {
  chromium: {
    launch(options: { executablePath: string; headless: boolean; args: string[]; env?: NodeJS.ProcessEnv; timeout?: number }): Promise<Browser>;
  };
}

/** The flags the tests run Chromium with: headless, no sandbox (root in a container), nothing fetched on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChromium(tools: E2eTools): Promise<Browser> {
  const load = createRequire(path.join(tools.dir, 'package.json'));
  const playwright = load(tools.playwrightCore) as PlaywrightCore;
  return playwright.chromium.launch({ executablePath: tools.chromium, headless: true, args: CHROMIUM_ARGS, env: toolEnv(), timeout: 60_000 });
}
