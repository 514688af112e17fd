// What each package ships, as lists the packaging tests compare the built packages with: the npm tarball (package.json's
// `files`: what the commands run) and the .vsix (.vscodeignore: what the extension runs). The data folders (schema/,
// syntaxes/) and the build's snapshots go whole, so these lists name them by folder and read the repository.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const REPO = resolve(__dirname, '../..');

/** The files below `dir` (a path relative to the repository), as paths relative to the repository with `/`. */
function filesUnder(dir: string): string[] {
  const root = join(REPO, dir);
  if (!existsSync(root)) throw new Error(`${root} does not exist`);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** The build's snapshots of the data (dist/*-snapshot.json): the server reads them instead of parsing schema/. */
function snapshots(): string[] {
  return filesUnder('dist').filter((file) => /^dist\/[\w-]+-snapshot\.json$/.test(file));
}

/**
 * The npm tarball's files (below `package/`): the CLI with its check worker, the language server, the data they read,
 * and the pages npm shows. Not the extension's bundles, the source maps (they carry the TypeScript sources), tests,
 * benchmarks or scripts.
 */
export function expectedNpmFiles(): string[] {
  return [
    'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md',
    'dist/cli.js', 'dist/checkWorker.js', 'dist/server.js',
    ...snapshots(),
    ...filesUnder('schema'),
  ].sort();
}

/**
 * The .vsix's entries: vsce's own two files, then below `extension/` the extension and the server it starts (with the
 * embedded conversion service's worker), the data they read, the wikitext grammar, the manifest with its English
 * messages, the icon, and the pages the Marketplace shows (vsce renames them: readme.md, changelog.md, LICENSE.txt).
 */
export function expectedVsixEntries(): string[] {
  const extension = [
    'package.json', 'package.nls.json', 'readme.md', 'changelog.md', 'LICENSE.txt', 'images/icon.png',
    'dist/extension.js', 'dist/server.js', 'dist/embeddedServiceWorker.js',
    ...snapshots(),
    ...filesUnder('schema'),
    ...filesUnder('syntaxes'),
  ];
  return ['extension.vsixmanifest', '[Content_Types].xml', ...extension.map((file) => `extension/${file}`)].sort();
}
