// How an integration package is read (docs/workspace.md): a package root is the nearest folder above a file with a
// `manifest.yml` of `type: integration` (or `input`); a data stream is `data_stream/<name>/` below it; the package's
// `_dev/build/build.yml` may import the schema's mappings (`dependencies.ecs.import_mappings: true`). The layout's
// files are read by whoever reads the workspace and handed here as text; only what they say is kept.
import type { ObjectNode, ValueNode } from '../document/model';
import { valueOf } from '../document/objectValue';
import { parseGuarded } from '../document/syntaxes/guardedParse';

/** The files that say how a workspace's packages are laid out (read beside the kinds' files). */
export const LAYOUT_GLOBS: readonly string[] = ['**/manifest.yml', '**/_dev/build/build.yml'];

const PACKAGE_TYPES = new Set(['integration', 'input']);

/** Where a file stands in a package. */
export interface PackagePlace {
  /** The package's folder, relative to the workspace folder ('' when the package is the folder itself). */
  root: string;
  name: string;
  type: string;
  /** The data stream's folder (`<root>/data_stream/<name>`), when the file is inside one. */
  dataStream: string | undefined;
  /** `_dev/build/build.yml` imports every schema field's mapping (`import_mappings: true`). */
  importsSchema: boolean;
  /** `dependencies.ecs.reference` (`git@v8.11.0`), when given. */
  schemaReference: string | undefined;
}

interface Manifest {
  name: string;
  type: string;
}

interface Build {
  importsSchema: boolean;
  reference: string | undefined;
}

export class PackageLayout {
  /** By package folder: a package manifest's name and type. */
  private readonly manifests = new Map<string, Manifest>();
  /** By package folder: its build file's schema import. */
  private readonly builds = new Map<string, Build>();
  /** Bumped on every change that may move a file into or out of a package. */
  version = 0;

  /** Whether a file is one the layout reads (a manifest, a build file). */
  static reads(file: string): boolean {
    return file === 'manifest.yml' || file.endsWith('/manifest.yml') || file === '_dev/build/build.yml' || file.endsWith('/_dev/build/build.yml');
  }

  /** Reads a layout file's text (a manifest that is not a package's, a data stream's say, is kept as nothing). */
  set(file: string, text: string): void {
    const before = this.said(file);
    this.read(file, text);
    if (this.said(file) !== before) this.version++;
  }

  /** What the layout holds for a file's folder, to tell whether reading it again changed anything. */
  private said(file: string): string {
    const key = file.endsWith('_dev/build/build.yml') ? parentOf(parentOf(parentOf(file))) : parentOf(file);
    return JSON.stringify([this.manifests.get(key) ?? null, this.builds.get(key) ?? null]);
  }

  private read(file: string, text: string): void {
    const root = parseGuarded(text, true).root;
    const object = root?.kind === 'object' ? root : undefined;
    if (file.endsWith('_dev/build/build.yml')) {
      const folder = parentOf(parentOf(parentOf(file)));
      const ecs = object && objectAt(object, ['dependencies', 'ecs']);
      const build: Build = { importsSchema: ecs !== undefined && isTrue(valueOf(ecs, 'import_mappings')), reference: ecs && stringOf(valueOf(ecs, 'reference')) };
      this.builds.set(folder, build);
    } else {
      const folder = parentOf(file);
      const type = object && stringOf(valueOf(object, 'type'));
      if (type !== undefined && PACKAGE_TYPES.has(type)) this.manifests.set(folder, { name: (object && stringOf(valueOf(object, 'name'))) ?? lastName(folder), type });
      else this.manifests.delete(folder);
    }
  }

  delete(file: string): void {
    const before = this.said(file);
    if (file.endsWith('_dev/build/build.yml')) this.builds.delete(parentOf(parentOf(parentOf(file))));
    else this.manifests.delete(parentOf(file));
    if (this.said(file) !== before) this.version++;
  }

  /** The package a file is in (the nearest package folder above it), and its data stream; undefined outside every package. */
  placeOf(file: string): PackagePlace | undefined {
    for (let folder = parentOf(file); ; folder = parentOf(folder)) {
      const manifest = this.manifests.get(folder);
      if (manifest) {
        const inside = folder === '' ? file : file.slice(folder.length + 1);
        const stream = /^data_stream\/([^/]+)\//.exec(inside);
        const build = this.builds.get(folder);
        return {
          root: folder,
          name: manifest.name,
          type: manifest.type,
          dataStream: stream ? join(folder, `data_stream/${stream[1]}`) : undefined,
          importsSchema: build?.importsSchema ?? false,
          schemaReference: build?.reference,
        };
      }
      if (folder === '') return undefined;
    }
  }

  /** How many packages the layout knows. */
  get packages(): number {
    return this.manifests.size;
  }
}

/** Whether `file` is inside `folder` ('' holds everything). */
export function isInside(file: string, folder: string): boolean {
  return folder === '' || file.startsWith(`${folder}/`);
}

function join(folder: string, rest: string): string {
  return folder === '' ? rest : `${folder}/${rest}`;
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function lastName(folder: string): string {
  return folder.slice(folder.lastIndexOf('/') + 1);
}

function objectAt(object: ObjectNode, keys: readonly string[]): ObjectNode | undefined {
  let at: ValueNode | undefined = object;
  for (const key of keys) at = at?.kind === 'object' ? valueOf(at, key) : undefined;
  return at?.kind === 'object' ? at : undefined;
}

function stringOf(node: ValueNode | undefined): string | undefined {
  return node?.kind === 'string' ? String(node.value) : undefined;
}

function isTrue(node: ValueNode | undefined): boolean {
  return node?.kind === 'boolean' && node.value === true;
}
