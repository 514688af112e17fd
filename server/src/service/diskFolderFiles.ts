// The files beside a file, read from the disk, the host's open documents first: the FolderFiles the language server
// and the command line give the kinds (features/folderFiles.ts). A listing or a text that cannot be read is answered
// with nothing, never an error: a neighbour that is gone is simply not there.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FolderFiles } from '../features/folderFiles';

export class DiskFolderFiles implements FolderFiles {
  /**
   * `locate` turns a file name of FeatureEnv.file's space into its path on disk (undefined: not a file on disk);
   * `openText` gives an open document's text by its path; `maxBytes` bounds what is read.
   */
  constructor(
    private readonly locate: (file: string) => string | undefined,
    private readonly maxBytes: () => number,
    private readonly openText: (path: string) => string | undefined = () => undefined,
  ) {}

  siblings(file: string): readonly string[] {
    const path = this.locate(file);
    if (path === undefined) return [];
    try {
      return readdirSync(dirname(path), { withFileTypes: true })
        .filter((entry) => entry.isFile() || entry.isSymbolicLink())
        .map((entry) => entry.name)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    } catch {
      return [];
    }
  }

  read(file: string, name: string): string | undefined {
    const path = this.locate(file);
    if (path === undefined) return undefined;
    const target = join(dirname(path), name);
    const open = this.openText(target);
    if (open !== undefined) return open;
    try {
      const stats = statSync(target);
      if (!stats.isFile() || stats.size > this.maxBytes()) return undefined;
      return readFileSync(target, 'utf8');
    } catch {
      return undefined;
    }
  }
}
