// The integration packages of the files a `fieldwise check` run names, read from disk: each folder above a file has
// its manifest.yml read once into the one reader of the package layout (service/packageLayout.ts, which says what a
// package and a data stream are). A run keeps a package's files together (its shards, its worker threads) and
// re-checks a changed data stream whole (--changed-since).
import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { PackageLayout } from '../service/packageLayout';

/** Absolute folders; undefined outside every package. */
export interface PackageFolder {
  root: string;
  /** The data stream's folder, when the file is inside one. */
  dataStream?: string;
}

export class PackageFolders {
  private readonly layout = new PackageLayout();
  private readonly read = new Set<string>();

  /** The package (and data stream) of a file, by its absolute path. */
  placeOf(file: string): PackageFolder | undefined {
    for (let dir = dirname(file); !this.read.has(dir); dir = dirname(dir)) {
      this.read.add(dir);
      const manifest = join(dir, 'manifest.yml');
      let text: string | undefined;
      try {
        text = readFileSync(manifest, 'utf8');
      } catch {
        // No manifest here (or none that can be read): this folder makes no package.
      }
      if (text !== undefined) this.layout.set(keyOf(manifest), text);
      if (dirname(dir) === dir) break;
    }
    const place = this.layout.placeOf(keyOf(file));
    return place && { root: pathOf(place.root), dataStream: place.dataStream === undefined ? undefined : pathOf(place.dataStream) };
  }
}

/** The layout's key of an absolute path: `/`-separated, without the leading separator (the file-system root is ''). */
function keyOf(path: string): string {
  return path.split(sep).join('/').replace(/^\/+/, '');
}

function pathOf(key: string): string {
  return sep === '/' ? `/${key}` : key.split('/').join(sep);
}
