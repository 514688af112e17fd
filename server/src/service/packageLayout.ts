// How an integrations repository is laid out, read from disk: a package root is the nearest folder above a file with a
// `manifest.yml` whose `type` is integration, input or content; a data stream is `data_stream/<name>/` below it. The
// command line keeps a package's files together (shards) and re-checks a data stream whole (--changed-since).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { parse } from 'yaml';

/** The `type` of a package's own manifest (a data stream's manifest says logs, metrics, traces or synthetics). */
const PACKAGE_TYPES = new Set(['integration', 'input', 'content']);

/** Where a file sits in an integrations layout; both undefined outside a package. */
export interface PackagePlace {
  /** The package's root folder (absolute). */
  packageRoot?: string;
  /** The data stream folder (absolute) when the file is inside one. */
  dataStream?: string;
}

/** Answers for many files of one tree: each folder's manifest is read at most once. */
export class PackageLayout {
  /** Folder -> whether it is a package root. */
  private readonly roots = new Map<string, boolean>();

  /** The package and data stream of a file (an absolute path). */
  placeOf(file: string): PackagePlace {
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      if (this.isPackageRoot(dir)) return { packageRoot: dir, dataStream: dataStreamOf(dir, file) };
      if (dirname(dir) === dir) return {};
    }
  }

  private isPackageRoot(dir: string): boolean {
    let known = this.roots.get(dir);
    if (known === undefined) {
      known = manifestType(join(dir, 'manifest.yml')) !== undefined;
      this.roots.set(dir, known);
    }
    return known;
  }
}

/** The package type a manifest declares, or undefined when the file is missing, unreadable, not YAML or not a package's. */
function manifestType(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = parse(text, { logLevel: 'silent' });
  } catch {
    // A manifest that does not parse makes no package here; the file itself is checked and its errors reported.
    return undefined;
  }
  const type = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).type : undefined;
  return typeof type === 'string' && PACKAGE_TYPES.has(type) ? type : undefined;
}

function dataStreamOf(packageRoot: string, file: string): string | undefined {
  const parts = relative(packageRoot, file).split(sep);
  return parts.length > 2 && parts[0] === 'data_stream' ? join(packageRoot, parts[0], parts[1]) : undefined;
}
