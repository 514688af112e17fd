// Templates for the embedded service from a folder: `Greeting.wiki` is {{Greeting}}, `Infobox/Row.wiki` is {{Infobox/Row}}.
// The folder is read once and again only after a change in it (a watcher), not for every preview of every keystroke.
import { FSWatcher, watch } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';

const TEMPLATE_FILE = /\.(?:wiki|wikitext|txt)$/i;

interface CachedFile {
  mtimeMs: number;
  size: number;
  text: string;
}

export class TemplateFolder {
  // Files read before, by path: a change re-reads only the files whose time or size moved.
  private readonly cache = new Map<string, CachedFile>();
  /** The templates as last read; undefined once something in the folder changed. */
  private current: Map<string, string> | undefined;
  /** Counts the folder's changes, so a change during a read is not lost. */
  private changes = 0;
  private watcher: FSWatcher | undefined;

  private constructor(readonly dir: string) {}

  /** Without a watcher (the platform refuses one) every load scans the folder: correct, only slower. */
  private watch(): void {
    try {
      this.watcher = watch(this.dir, { recursive: true, persistent: false }, () => {
        this.changes++;
        this.current = undefined;
      });
      this.watcher.on('error', () => this.unwatch());
    } catch {
      this.watcher = undefined;
    }
  }

  private unwatch(): void {
    this.watcher?.close();
    this.watcher = undefined;
    this.current = undefined;
  }

  /** Stops watching the folder. */
  close(): void {
    this.unwatch();
  }

  /** Checks the folder exists, so a typo is reported when the service starts rather than as missing templates. */
  static async open(dir: string): Promise<TemplateFolder> {
    const absolute = path.resolve(dir);
    let info;
    try {
      info = await stat(absolute);
    } catch (error) {
      throw new Error(`templates folder ${absolute} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
    }
    if (!info.isDirectory()) throw new Error(`templates folder ${absolute} is not a folder`);
    const folder = new TemplateFolder(absolute);
    folder.watch();
    return folder;
  }

  /** Template name (without the `Template:` prefix) => wikitext: the same map until the folder changes. */
  async load(): Promise<Map<string, string>> {
    if (this.current && this.watcher) return this.current;
    const before = this.changes;
    const templates = await this.read();
    if (this.changes === before) this.current = templates;
    return templates;
  }

  private async read(): Promise<Map<string, string>> {
    const entries = await readdir(this.dir, { recursive: true });
    const templates = new Map<string, string>();
    const seen = new Set<string>();
    for (const relative of entries) {
      if (!TEMPLATE_FILE.test(relative) || relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
      const file = path.join(this.dir, relative);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      seen.add(file);
      let cached = this.cache.get(file);
      if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
        cached = { mtimeMs: info.mtimeMs, size: info.size, text: await readFile(file, 'utf8') };
        this.cache.set(file, cached);
      }
      templates.set(templateName(relative), cached.text);
    }
    for (const file of this.cache.keys()) if (!seen.has(file)) this.cache.delete(file);
    return templates;
  }
}

/** `Infobox/Row.wiki` => `Infobox/Row`; `%2F` and `꞉` (U+A789) stand for `/` and `:` where a file name cannot hold them. */
export function templateName(relativeFile: string): string {
  const name = relativeFile.replace(TEMPLATE_FILE, '').split(path.sep).join('/').replace(/\uA789/g, ':');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
