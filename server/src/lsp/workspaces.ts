// Workspace folders: each has its own settings, custom definitions and so its own language service.
// Files outside every folder share one folderless workspace that uses the built-in catalog.
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Catalog } from '../catalog/types';
import { DiskFolderFiles } from '../service/diskFolderFiles';
import { LanguageService } from '../service/languageService';
import { defaultSettings, FieldwiseSettings } from '../service/settings';

export interface FolderInfo {
  uri: string;
  name: string;
  /** Local file-system path of the folder. */
  path: string;
}

export class Workspace {
  settings: FieldwiseSettings = defaultSettings;
  readonly service: LanguageService;
  /** Bumped whenever settings or the catalog change: every cached diagnostic of the workspace is stale. */
  generation = 0;
  /** The catalog with the last custom definitions that loaded without problems. */
  lastGood: Catalog;

  /** `openText`: an open document's text by its file-system path (a file's neighbours are read from it first). */
  constructor(readonly folder: FolderInfo | undefined, builtin: Catalog, openText?: (path: string) => string | undefined) {
    this.lastGood = builtin;
    const locate = (file: string): string | undefined => (isAbsolute(file) ? file : folder ? join(folder.path, file) : undefined);
    this.service = new LanguageService(builtin, defaultSettings, new DiskFolderFiles(locate, () => this.settings.maxFileSize * 1024 * 1024, openText));
  }

  apply(catalog: Catalog, settings: FieldwiseSettings): void {
    this.lastGood = catalog;
    this.settings = settings;
    this.service.configure(catalog, settings);
    this.generation++;
  }

  /** The name settings globs match against: relative to the folder with `/`, else the absolute path. */
  fileOf(uri: string): string {
    const path = localPath(uri);
    if (!this.folder || path === undefined) return path ?? uriPath(uri);
    return relative(this.folder.path, path).split(sep).join('/');
  }
}

export class Workspaces {
  private folders: Workspace[] = [];
  readonly loose: Workspace;

  constructor(private readonly builtin: Catalog, private readonly openText?: (path: string) => string | undefined) {
    this.loose = new Workspace(undefined, builtin, openText);
  }

  all(): Workspace[] {
    return [...this.folders, this.loose];
  }

  add(folder: FolderInfo): Workspace {
    const existing = this.folders.find((w) => w.folder?.uri === folder.uri);
    if (existing) return existing;
    const workspace = new Workspace(folder, this.builtin, this.openText);
    this.folders.push(workspace);
    // Longest path first, so nested folders win over their parents.
    this.folders.sort((a, b) => (b.folder?.path.length ?? 0) - (a.folder?.path.length ?? 0));
    return workspace;
  }

  remove(uri: string): void {
    this.folders = this.folders.filter((w) => w.folder?.uri !== uri);
  }

  /** The workspace a document belongs to. */
  of(uri: string): Workspace {
    const path = localPath(uri);
    if (path !== undefined) {
      for (const workspace of this.folders) {
        const rel = relative(workspace.folder!.path, path);
        if (rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel))) return workspace;
      }
    }
    return this.loose;
  }
}

export function folderFromUri(uri: string, name?: string): FolderInfo | undefined {
  const path = localPath(uri);
  return path === undefined ? undefined : { uri, name: name ?? path, path };
}

export function folderFromPath(path: string): FolderInfo {
  return { uri: pathToFileURL(path).href, name: path, path };
}

/** The file-system path of a `file:` URI; undefined for other schemes (untitled:, vscode-notebook-cell:). */
export function localPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

function uriPath(uri: string): string {
  const colon = uri.indexOf(':');
  return decodeURIComponent(colon >= 0 ? uri.slice(colon + 1) : uri);
}
