// code-server for the tests: 127.0.0.1 on a free port, no auth, fresh user data and extensions folders,
// the smoke-test driver on (window.codeAutomationExit), and settings that keep the start page, telemetry,
// chat features and the extension gallery out of the way.
import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { E2eTools } from '../prerequisites';
import { run, toolEnv } from '../prerequisites';

export interface CodeServerDirs {
  /** A fresh folder for this run: user data, extensions, config and logs go below it. */
  root: string;
  userData: string;
  extensions: string;
  config: string;
  log: string;
}

export interface RunningCodeServer {
  url: string;
  /** `host:port`, the remote authority of vscode-remote:// URIs. */
  authority: string;
  stop(): Promise<void>;
}

/** Settings of a test user: nothing opens or phones home on its own. */
export const TEST_USER_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'chat.disableAIFeatures': true,
  'chat.agent.enabled': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'json.schemaDownload.enable': false,
  'npm.autoDetect': 'off',
  'typescript.disableAutomaticTypeAcquisition': true,
  'files.hotExit': 'off',
  // code-server saves after a delay by default; the tests decide when files are saved.
  'files.autoSave': 'off',
  'window.confirmBeforeClose': 'never',
};

export function codeServerDirs(root: string): CodeServerDirs {
  const dirs = {
    root,
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    config: path.join(root, 'config.yaml'),
    log: path.join(root, 'code-server.log'),
  };
  mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  mkdirSync(dirs.extensions, { recursive: true });
  // An empty config file of our own, so code-server neither reads nor writes ~/.config/code-server.
  writeFileSync(dirs.config, 'auth: none\n');
  return dirs;
}

/**
 * Writes the user settings, and the same into the remote machine settings (Machine/settings.json): a remote window such
 * as code-server's takes machine-scoped settings (fieldwise.conversion.baseUrl) only from there.
 */
export function writeUserSettings(dirs: CodeServerDirs, settings: Record<string, unknown>): void {
  const text = `${JSON.stringify({ ...TEST_USER_SETTINGS, ...settings }, null, 2)}\n`;
  for (const folder of ['User', 'Machine']) {
    mkdirSync(path.join(dirs.userData, folder), { recursive: true });
    writeFileSync(path.join(dirs.userData, folder, 'settings.json'), text);
  }
}

/** What code-server needs on top of the tools' environment: its state in this run's folder, no gallery, and `extra`. */
function isolatedEnv(dirs: CodeServerDirs, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    // code-server keeps other state under the XDG folders: keep it inside this run's folder too.
    XDG_CONFIG_HOME: path.join(dirs.root, 'xdg-config'),
    XDG_DATA_HOME: path.join(dirs.root, 'xdg-data'),
    // No extension gallery: nothing is installed or updated from outside during the tests.
    EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: '' }),
    ...extra,
  };
}

function commonArgs(dirs: CodeServerDirs): string[] {
  return ['--config', dirs.config, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
}

/** `code-server --install-extension <vsix>` into the run's extensions folder. */
export async function installExtension(tools: E2eTools, dirs: CodeServerDirs, vsix: string): Promise<string> {
  return run(tools.node, [tools.codeServerEntry, ...commonArgs(dirs), '--force', '--install-extension', vsix], {
    env: isolatedEnv(dirs, {}),
    what: `code-server --install-extension ${path.basename(vsix)}`,
  });
}

export async function listExtensions(tools: E2eTools, dirs: CodeServerDirs): Promise<string[]> {
  const output = await run(tools.node, [tools.codeServerEntry, ...commonArgs(dirs), '--list-extensions', '--show-versions'], {
    env: isolatedEnv(dirs, {}),
    what: 'code-server --list-extensions',
  });
  return output.split('\n').map((line) => line.trim()).filter((line) => /^[\w-]+\.[\w-]+@/.test(line));
}

/** Starts code-server and resolves once it listens; `env` reaches the extension host (and so the suite). */
export async function startCodeServer(
  tools: E2eTools,
  dirs: CodeServerDirs,
  options: { folder: string; env?: Record<string, string>; startTimeoutMs?: number },
): Promise<RunningCodeServer> {
  const args = [
    tools.codeServerEntry,
    ...commonArgs(dirs),
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    // A closed test page's extension host (and language server) ends soon instead of waiting hours for a reconnect.
    '--reconnection-grace-time',
    '5',
    // Passed straight to the VS Code server: the smoke-test driver gives the page window.codeAutomationExit.
    '--vscode-option',
    'enable-smoke-test-driver',
    '--vscode-option',
    'disable-experiments',
    options.folder,
  ];
  const child = spawn(tools.node, args, { env: toolEnv(isolatedEnv(dirs, options.env ?? {})), stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(dirs.log, { flags: 'a' });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });

  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`code-server did not start listening within ${(options.startTimeoutMs ?? 60_000) / 1000} s; log: ${dirs.log}\n${seen.slice(-2000)}`)), options.startTimeoutMs ?? 60_000);
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      const match = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\/?/.exec(seen);
      if (match) {
        cleanup();
        resolve(match[1]);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(new Error(`code-server exited (${signal ?? `code ${code}`}) before listening; log: ${dirs.log}\n${seen.slice(-2000)}`));
    function cleanup(): void {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error: Error): void {
      cleanup();
      child.kill('SIGTERM');
      reject(error);
    }
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', onExit);
  });
  return { url, authority: new URL(url).host, stop: () => stopProcess(child, log) };
}

function stopProcess(child: ChildProcess, log: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      log.end();
      resolve();
      return;
    }
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      log.end();
      resolve();
    });
    child.kill('SIGTERM');
  });
}
