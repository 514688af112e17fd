// The page name a file stands for: its file name without the last extension (`Main_Page.wiki` => `Main_Page`).
import * as path from 'node:path';

/** Page name from a file path; undefined for untitled documents, which have no name to go by. */
export function pageNameFromPath(filePath: string, scheme: string): string | undefined {
  if (scheme === 'untitled') return undefined;
  const base = path.posix.basename(filePath.replace(/\\/g, '/'));
  const name = base.slice(0, base.length - path.posix.extname(base).length);
  return name.trim() === '' ? undefined : name;
}
