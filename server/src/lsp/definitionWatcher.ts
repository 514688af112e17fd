// Reloads custom definitions when their files change: through the client's file watcher when it can register one
// (VS Code), else with the server's own fs.watch on the folders the globs start from (Neovim 0.7 and others).
import { existsSync, FSWatcher, statSync, watch } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import type { FileSystemWatcher } from 'vscode-languageserver';
import { PROJECT_CONFIG, WORKSPACE_DEFINITIONS } from '../catalog';
import type { FolderInfo } from './workspaces';

export interface WatchTarget {
  folder: FolderInfo;
  entries: string[];
}

export interface WatchHost {
  /** Registers client-side watchers; undefined when the client cannot. Resolves to an unregister function. */
  registerWithClient?: (watchers: FileSystemWatcher[]) => Promise<() => void>;
  onChange: (folderUri: string) => void;
  log: (message: string) => void;
}

/** What is watched: the entries, else the default folder's files (which the project configuration is one of), else both. */
function watchedEntries(entries: readonly string[]): string[] {
  return entries.length > 0 ? [...entries, PROJECT_CONFIG] : [WORKSPACE_DEFINITIONS];
}

/** The globs watched for entries: each glob, and a folder entry's YAML files; with no entries, the default folder's. */
export function watchedPatterns(entries: readonly string[]): string[] {
  // With no configured entries, watch for the default folder appearing.
  return watchedEntries(entries).flatMap((e) => (e === PROJECT_CONFIG || picomatch.scan(e).isGlob ? [e] : [e, `${e}/*.{yml,yaml}`]));
}

/** Whether a changed file (relative to its folder, `/`-separated) is one the entries watch. */
export function watches(entries: readonly string[], file: string): boolean {
  return watchedPatterns(entries).some((pattern) => picomatch.isMatch(file, pattern));
}

export class DefinitionWatcher {
  private unregister?: () => void;
  private watchers: FSWatcher[] = [];
  private timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly host: WatchHost, private readonly relativePatterns: boolean) {}

  async update(targets: readonly WatchTarget[]): Promise<void> {
    this.dispose();
    const live = targets.filter((t) => t.entries.length > 0 || existsSync(t.folder.path));
    if (this.host.registerWithClient) {
      const watchers = live.flatMap((t) => this.clientWatchers(t));
      if (watchers.length > 0) this.unregister = await this.host.registerWithClient(watchers);
      return;
    }
    for (const target of live) this.watchOnServer(target);
  }

  dispose(): void {
    this.unregister?.();
    this.unregister = undefined;
    for (const w of this.watchers) w.close();
    this.watchers = [];
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private clientWatchers(target: WatchTarget): FileSystemWatcher[] {
    return watchedPatterns(target.entries).map((pattern) => ({
      globPattern: this.relativePatterns
        ? { baseUri: target.folder.uri, pattern }
        : `${target.folder.path.split(sep).join('/')}/${pattern}`,
    }));
  }

  private watchOnServer(target: WatchTarget): void {
    const entries = watchedEntries(target.entries);
    const dirs = new Map<string, boolean>();
    for (const entry of entries) {
      const scan = picomatch.scan(entry);
      let dir = resolve(target.folder.path, scan.isGlob ? scan.base || '.' : entry);
      let recursive = scan.isGlob && scan.glob.includes('**');
      if (!scan.isGlob && existsSync(dir) && !statSync(dir).isDirectory()) dir = dirname(dir);
      // A folder that does not exist yet: watch the nearest existing parent for it to appear.
      while (!existsSync(dir) && dirname(dir) !== dir) {
        dir = dirname(dir);
        recursive = false;
      }
      dirs.set(dir, (dirs.get(dir) ?? false) || recursive);
    }
    for (const [dir, recursive] of dirs) {
      try {
        const watcher = watch(dir, { recursive, persistent: false }, () => this.changed(target.folder.uri));
        watcher.on('error', (error) => this.host.log(`fieldwise: watching ${dir} failed: ${error.message}`));
        this.watchers.push(watcher);
      } catch (error) {
        this.host.log(`fieldwise: cannot watch ${dir} for definition changes: ${(error as Error).message}`);
      }
    }
  }

  /** Called by the server for client-side watcher notifications too. */
  changed(folderUri: string): void {
    // Editors write a file in several steps; reload once they are done.
    clearTimeout(this.timers.get(folderUri));
    this.timers.set(folderUri, setTimeout(() => {
      this.timers.delete(folderUri);
      this.host.onChange(folderUri);
    }, 150));
  }
}
