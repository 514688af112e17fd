// The files of each workspace folder that feed its field index (service/workspaceIndex.ts): the ones the
// `fieldwise.files.*` globs find, read once, read again when the watcher says the folder changed (only those whose
// size or time changed), in slices that leave the server answering, and taken from the editor while open (an open
// document's text wins over the disk's).
// Only the index's names stay in memory, never a file's text.
import { readFileSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { expandPaths } from '../service/detect';
import { definesComponents, indexesFile, WORKSPACE_INDEX_LIMITS } from '../service/workspaceIndex';
import { maxFileChars } from './sizeLimit';
import type { Workspace } from './workspaces';

export interface WorkspaceFilesHost {
  /** The workspace's open documents, by file (relative to the folder): their text, read when asked. */
  openFiles(workspace: Workspace): Map<string, () => string>;
  /** Said once per scan that leaves files out (the ceiling): the user must know the index is partial. */
  warn(message: string): void;
  log(message: string): void;
  /** Shows a scan's progress (window/workDoneProgress); undefined: the client shows none. */
  progress?(workspace: Workspace, total: number): Promise<ScanProgress | undefined>;
}

/** A scan's progress as the user sees it: how many files are indexed. */
export interface ScanProgress {
  report(indexed: number, total: number): void;
  done(): void;
}

/** A scan yields to the event loop after this long, so that requests are answered while a large folder is read. */
const SLICE_MS = 20;

/** A file's size and modification time: read again only when they change. */
type Stamp = string;

export class WorkspaceFiles {
  private readonly stamps = new WeakMap<Workspace, Map<string, Stamp>>();
  /** Open documents edited since they were last indexed, by workspace: indexed on `flush` (their text is the editor's, not kept here). */
  private readonly dirty = new Map<Workspace, Set<string>>();
  /** The scan of each workspace under way (or the last one). */
  private readonly running = new Map<Workspace, Promise<boolean>>();
  /**
   * Workspaces whose files are read: the first document opened in a folder starts the first read (a moment after its
   * own first diagnostics), and so does a request that needs the index (references, a rename, an action).
   */
  private readonly wanted = new WeakSet<Workspace>();
  /** How many files the last scan of a workspace left out: warned again only when it changes. */
  private readonly leftOut = new WeakMap<Workspace, string>();

  constructor(private readonly host: WorkspaceFilesHost) {}

  /** Whether the index reads this file of the workspace (by the globs). */
  reads(workspace: Workspace, file: string): boolean {
    return workspace.folder !== undefined && indexesFile(workspace.settings, file);
  }

  /**
   * Finds the folder's files by the globs and indexes those new or changed on disk since the last scan; forgets the
   * ones gone. `fresh`: index every file again (the settings changed: globs, file types). Runs in slices that yield to
   * the event loop, so requests are answered meanwhile; scans of one folder run one after another. Resolves to true
   * when component templates changed (open mappings' findings are stale).
   */
  scan(workspace: Workspace, fresh = false): Promise<boolean> {
    if (!this.wanted.has(workspace)) return Promise.resolve(false);
    const previous = this.running.get(workspace) ?? Promise.resolve(false);
    const next = previous.catch(() => false).then(() => this.scanNow(workspace, fresh));
    this.running.set(workspace, next);
    return next;
  }

  /** Whether the workspace's files are read (a mapping or console document was opened in it). */
  reading(workspace: Workspace): boolean {
    return this.wanted.has(workspace);
  }

  /** Starts the first read of the workspace's files if none was asked for yet; what `scan` resolves to (false if already wanted). */
  want(workspace: Workspace): Promise<boolean> {
    if (this.wanted.has(workspace)) return Promise.resolve(false);
    this.wanted.add(workspace);
    return this.scan(workspace, true);
  }

  /** Resolves once the workspace's files are read (the first read started if needed): an action reads the whole index. */
  async settled(workspace: Workspace): Promise<void> {
    void this.want(workspace).catch(() => false);
    await this.running.get(workspace)?.catch(() => false);
  }

  private async scanNow(workspace: Workspace, fresh: boolean): Promise<boolean> {
    const folder = workspace.folder;
    if (!folder) return false;
    const service = workspace.service;
    const before = staleness(workspace);
    const first = !service.workspace.complete;
    let stamps = this.stamps.get(workspace);
    if (!stamps || fresh) this.stamps.set(workspace, (stamps = new Map<string, string>()));
    const seen = new Set<string>();
    let refused = 0;
    let tooLarge = 0;
    let slice = Date.now();
    let openFiles = this.host.openFiles(workspace);
    const candidates = expandPaths(['.'], folder.path, workspace.settings.files.console).candidates;
    const progress = first ? await this.host.progress?.(workspace, candidates.length).catch(() => undefined) : undefined;
    let done = 0;
    for (const candidate of candidates) {
      done++;
      const file = relative(folder.path, candidate.path).split(sep).join('/');
      if (!this.reads(workspace, file)) continue;
      seen.add(file);
      if (Date.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = Date.now();
        // Documents open and close while the scan yields.
        openFiles = this.host.openFiles(workspace);
        progress?.report(done, candidates.length);
      }
      const open = openFiles.get(file);
      if (open !== undefined && !fresh && service.workspace.has(file)) continue;
      const stats = statOf(candidate.path);
      const stamp = stats && `${stats.size}:${stats.mtimeMs}`;
      if (!stats || !stamp || (!fresh && open === undefined && stamps.get(file) === stamp && service.workspace.has(file))) continue;
      // The editor does not analyse a file past fieldwise.maxFileSize; the index does not read one either.
      if (open === undefined && stats.size > maxFileChars(workspace.settings)) {
        tooLarge++;
        service.forgetFile(file);
        continue;
      }
      const text = open ? open() : readText(candidate.path, this.host);
      if (text === undefined) continue;
      stamps.set(file, stamp);
      if (!service.indexFile(file, text)) refused++;
    }
    openFiles = this.host.openFiles(workspace);
    for (const file of service.workspace.indexed()) {
      if (seen.has(file) || openFiles.has(file)) continue;
      service.forgetFile(file);
      stamps.delete(file);
    }
    this.report(workspace, refused, tooLarge);
    service.workspace.complete = true;
    progress?.done();
    return staleness(workspace) !== before;
  }

  /** An open document changed: indexed on the next `flush` (edits are many; an action or a pause needs the last). */
  edited(workspace: Workspace, file: string): void {
    if (!this.reads(workspace, file)) return;
    let files = this.dirty.get(workspace);
    if (!files) this.dirty.set(workspace, (files = new Set()));
    files.add(file);
  }

  /** An open document closed: the disk copy is the file again (or nothing, if it was never saved). */
  closed(workspace: Workspace, file: string): void {
    if (!this.reads(workspace, file)) return;
    this.dirty.get(workspace)?.delete(file);
    this.stamps.get(workspace)?.delete(file);
    const folder = workspace.folder!;
    const path = `${folder.path}${sep}${file.split('/').join(sep)}`;
    const stats = statOf(path);
    const text = !stats || stats.size > maxFileChars(workspace.settings) ? undefined : readText(path, this.host);
    if (text === undefined) workspace.service.forgetFile(file);
    else if (!workspace.service.indexFile(file, text)) this.report(workspace, 1);
  }

  /**
   * Indexes the open documents edited since (`componentsOnly`: those that may define component templates, what
   * findings read; the others wait for an action that needs them). True when component templates changed.
   */
  flush(workspace: Workspace, componentsOnly = false): boolean {
    const files = this.dirty.get(workspace);
    if (!files || files.size === 0) return false;
    const before = staleness(workspace);
    const openFiles = this.host.openFiles(workspace);
    let refused = 0;
    for (const file of files) {
      if (componentsOnly && !definesComponents(workspace.settings, file)) continue;
      const text = openFiles.get(file);
      if (text && !workspace.service.indexFile(file, text())) refused++;
      files.delete(file);
    }
    if (refused > 0) this.report(workspace, refused);
    return staleness(workspace) !== before;
  }

  /** Every workspace with edits not yet indexed. */
  pending(): Workspace[] {
    return [...this.dirty].filter(([, files]) => files.size > 0).map(([ws]) => ws);
  }

  forget(workspace: Workspace): void {
    this.wanted.delete(workspace);
    this.running.delete(workspace);
    this.dirty.delete(workspace);
    this.stamps.delete(workspace);
  }

  /** Says what a scan left out: past the index's ceiling (`refused`), past fieldwise.maxFileSize (`tooLarge`). */
  private report(workspace: Workspace, refused: number, tooLarge = 0): void {
    const key = `${refused}:${tooLarge}`;
    if (this.leftOut.get(workspace) === key) return;
    this.leftOut.set(workspace, key);
    if (refused === 0 && tooLarge === 0) return;
    const index = workspace.service.workspace;
    const { maxFiles, maxRefs } = WORKSPACE_INDEX_LIMITS;
    const why = [
      refused > 0 ? `${refused} past what the workspace index holds (${maxFiles} files, ${maxRefs} field references)` : '',
      tooLarge > 0 ? `${tooLarge} larger than fieldwise.maxFileSize (${workspace.settings.maxFileSize} MB)` : '',
    ].filter((w) => w !== '').join(' and ');
    this.host.warn(`Fieldwise: of the files fieldwise.files.* name in ${workspace.folder?.name ?? 'the workspace'}, the workspace index reads ${index.files} ` +
      `and leaves out ${why}. Find references, rename, the fields nothing maps, "Add the mappings of the fields this workspace uses" and the ` +
      'component templates that dynamic templates are judged against do not see those; narrow the fieldwise.files.* globs to the folders that hold your events, pipelines and templates.');
  }
}

function statOf(path: string): { size: number; mtimeMs: number } | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

function readText(path: string, host: WorkspaceFilesHost): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    host.log(`fieldwise: cannot read ${path} for the workspace index: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * What other documents' findings read of the index: component templates; inside packages, the declarations and the
 * layout, and whether the first read is complete (findings of fields nothing maps wait for it).
 */
function staleness(workspace: Workspace): string {
  const service = workspace.service;
  const packages = service.packages.packages > 0 ? `${service.workspace.declarationsVersion}:${service.workspace.complete}` : '';
  return `${service.workspace.componentsVersion}:${service.packages.version}:${packages}`;
}
