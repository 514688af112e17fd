// Templates for the embedded service from a folder: `Greeting.wiki` is {{Greeting}}, `Infobox/Row.wiki` is {{Infobox/Row}}.
import { readdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';

const TEMPLATE_FILE = /\.(?:wiki|wikitext|txt)$/i;

interface CachedFile {
  mtimeMs: number;
  size: number;
  text: string;
}

export class TemplateFolder {
  // Re-read on each request so edits show in the next preview; unchanged files come from this cache.
  private readonly cache = new Map<string, CachedFile>();

  private constructor(readonly dir: string) {}

  /** Checks the folder exists, so a typo is reported when the service starts rather than as missing templates. */
  static async open(dir: string): Promise<TemplateFolder> {
    const absolute = path.resolve(dir);
    let info;
    try {
      info = await stat(absolute);
    } catch (error) {
      throw new Error(`templates folder ${absolute} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    if (!info.isDirectory()) throw new Error(`templates folder ${absolute} is not a folder`);
    return new TemplateFolder(absolute);
  }

  /** Template name (without the `Template:` prefix) => wikitext. */
  async load(): Promise<Map<string, string>> {
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
