// The layers of server/src import downward only (docs/architecture.md): catalog ← document ← features ← kinds ←
// service ← lsp/, server.ts and cli/; no kind imports another, and only the registry lists them; the server and the
// VS Code client import nothing of each other (both may import conversion/). Each failure names the importing file,
// the import as written and the rule it breaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const REPO = resolve(__dirname, '../..');
const SRC = resolve(REPO, 'server/src');

/** Rank of each layer: a file may import its own layer and lower ranks only. `types` holds ambient declarations. */
const RANK: Readonly<Record<string, number>> = { types: 0, catalog: 1, document: 2, features: 3, kinds: 4, service: 5, lsp: 6, cli: 6, 'server.ts': 7 };

/** The layers that speak the protocol; every other layer works on plain text, offsets and the catalog. */
const PROTOCOL_LAYERS = new Set(['lsp', 'server.ts']);
const PROTOCOL_PACKAGE = /^(vscode-languageserver|vscode-languageserver-protocol|vscode-jsonrpc)(\/|$)/;

/**
 * What lsp/, cli/ and server.ts may take from below the service: the file type (a value every layer shares, interned),
 * and the plain data the service's answers are made of, as types. Anything else goes through the service.
 */
const EDGE_MAY_USE: ReadonlyArray<{ module: string; typeOnly: boolean }> = [
  { module: 'document/fileType.ts', typeOnly: false },
  { module: 'document/model.ts', typeOnly: true },
  { module: 'features/types.ts', typeOnly: true },
];
const EDGE_LAYERS = new Set(['lsp', 'cli', 'server.ts']);

interface Import {
  /** The importing file, relative to server/src, `/`-separated. */
  file: string;
  /** The specifier as written. */
  spec: string;
  /** The imported file relative to server/src (`/`-separated), for relative imports that stay inside it. */
  target?: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const toPosix = (path: string): string => path.split(sep).join('/');

// Import and re-export clauses: `X`, `X, {...}`, `{...}`, `* as X`, optionally after `type`, each at a statement start.
const STATIC = /(?:^|[;\n])[ \t]*(?:import|export)\s+(type\s+)?((?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+))\s*from\s*['"]([^'"]+)['"]/g;
const BARE = /(?:^|[;\n])[ \t]*import\s*['"]([^'"]+)['"]/g;
const CALL = /\b(?:require|import)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(path: string): Import[] {
  const text = readFileSync(path, 'utf8');
  const file = toPosix(relative(SRC, path));
  const make = (spec: string, typeOnly: boolean): Import => {
    if (!spec.startsWith('.')) return { file, spec, typeOnly };
    const resolved = toPosix(relative(SRC, resolve(dirname(path), spec)));
    if (resolved.startsWith('..')) return { file, spec, typeOnly };
    const names = readdirSync(dirname(join(SRC, resolved)));
    const base = resolved.split('/').pop() ?? resolved;
    const target = names.includes(`${base}.ts`) ? `${resolved}.ts` : names.includes(base) ? `${resolved}/index.ts` : `${resolved}.ts`;
    return { file, spec, target, typeOnly };
  };
  const out: Import[] = [];
  for (const m of text.matchAll(STATIC)) {
    const clause = m[2];
    const members = clause.startsWith('{') ? clause.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean) : [];
    out.push(make(m[3], m[1] !== undefined || (members.length > 0 && members.every((s) => s.startsWith('type ')))));
  }
  for (const m of text.matchAll(BARE)) out.push(make(m[1], false));
  for (const m of text.matchAll(CALL)) out.push(make(m[1], false));
  return out;
}

function layerOf(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : file;
}

const files = sourceFiles(SRC);
const imports = files.flatMap(importsOf);

test('the import scanner sees single-line, multi-line, type-only and package imports', () => {
  const has = (file: string, spec: string): Import | undefined => imports.find((i) => i.file === file && i.spec === spec);
  assert.ok(has('server.ts', 'vscode-languageserver/node'), 'server.ts imports vscode-languageserver/node');
  assert.ok(has('lsp/toLsp.ts', 'vscode-languageserver'), 'the multi-line import of lsp/toLsp.ts');
  assert.equal(has('lsp/toLsp.ts', '../features/types')?.typeOnly, true);
  assert.equal(has('lsp/toLsp.ts', '../features/types')?.target, 'features/types.ts');
  assert.ok(imports.some((i) => i.file === 'catalog/yamlSource.ts' && i.spec === 'yaml' && !i.typeOnly), 'require() counts as an import');
  assert.ok(imports.length > 300, `only ${imports.length} imports found`);
});

test('every file of server/src belongs to a known layer', () => {
  const unknown = files.map((f) => toPosix(relative(SRC, f))).filter((f) => !(layerOf(f) in RANK));
  assert.deepEqual(unknown, [], 'place new folders of server/src in a layer (test/unit/layers.test.ts, docs/architecture.md)');
});

test('only lsp/ and server.ts import the language server protocol', () => {
  const offending = imports
    .filter((i) => PROTOCOL_PACKAGE.test(i.spec) && !PROTOCOL_LAYERS.has(layerOf(i.file)))
    .map((i) => `${i.file} imports '${i.spec}': only lsp/ and server.ts speak the protocol`);
  assert.deepEqual(offending, []);
});

test('no layer imports a layer above it, and lsp/ and cli/ do not import each other', () => {
  const offending: string[] = [];
  for (const i of imports) {
    if (!i.target) continue;
    const from = layerOf(i.file);
    const to = layerOf(i.target);
    if (from === to) continue;
    if (!(to in RANK)) continue;
    if (RANK[to] >= RANK[from]) offending.push(`${i.file} imports '${i.spec}': ${from} may not import ${to} (${to} is not below it)`);
  }
  assert.deepEqual(offending, []);
});

test('lsp/, cli/ and server.ts reach kinds/, features/ and document/ only through the language service', () => {
  const offending: string[] = [];
  for (const i of imports) {
    if (!i.target || !EDGE_LAYERS.has(layerOf(i.file))) continue;
    const to = layerOf(i.target);
    if (to !== 'features' && to !== 'document' && to !== 'kinds') continue;
    const allowed = EDGE_MAY_USE.find((a) => a.module === i.target);
    if (allowed && (i.typeOnly || !allowed.typeOnly)) continue;
    const what = allowed ? `${i.target} only as types` : `only ${EDGE_MAY_USE.map((a) => a.module).join(', ')}`;
    offending.push(`${i.file} imports '${i.spec}': from below the service it may use ${what}; ask service/ for the rest`);
  }
  assert.deepEqual(offending, []);
});

/** Circles known when this test was written, left to their owners (a type-only import back to the adapter); none may be added. */
const KNOWN_CIRCLES: string[] = [];

test('no import circles inside server/src, type-only imports included', () => {
  const edges = new Map<string, string[]>();
  for (const i of imports) if (i.target) edges.set(i.file, [...(edges.get(i.file) ?? []), i.target]);
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (file: string, trail: string[]): void => {
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), file, next].join(' -> '));
      else if (!state.has(next)) walk(next, [...trail, file]);
    }
    state.set(file, 'done');
  };
  for (const file of [...edges.keys()].sort()) if (!state.has(file)) walk(file, []);
  assert.deepEqual(circles.filter((c) => !KNOWN_CIRCLES.includes(c)), []);
  assert.deepEqual(KNOWN_CIRCLES.filter((c) => !circles.includes(c)), [], 'a circle is gone: remove it from KNOWN_CIRCLES');
});

/** The kind folder a file of kinds/ belongs to (`kinds/pipelines/x.ts` -> `pipelines`); undefined for the contract and the registry. */
function kindFolderOf(file: string): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'kinds' && parts.length > 2 ? parts[1] : undefined;
}

test('no kind imports another kind: what two kinds share lives in features/ or document/', () => {
  const offending = imports
    .filter((i) => i.target && kindFolderOf(i.file) && kindFolderOf(i.target) && kindFolderOf(i.file) !== kindFolderOf(i.target))
    .map((i) => `${i.file} imports '${i.spec}': kinds/${kindFolderOf(i.file)}/ may not import kinds/${kindFolderOf(i.target!)}/`);
  assert.deepEqual(offending, []);
  assert.ok(new Set(files.map((f) => kindFolderOf(toPosix(relative(SRC, f)))).filter(Boolean)).size >= 4, 'the kinds are found in kinds/<kind>/');
});

test('only the registry lists the kinds: nothing outside kinds/ imports a kind, and each kind object is imported by the registry alone', () => {
  const offending: string[] = [];
  for (const i of imports) {
    if (!i.target || !kindFolderOf(i.target)) continue;
    if (!i.file.startsWith('kinds/')) offending.push(`${i.file} imports '${i.spec}': outside kinds/ only kinds/kind.ts and kinds/registry.ts may be imported`);
    else if (/Kind\.ts$/.test(i.target) && i.file !== 'kinds/registry.ts' && kindFolderOf(i.file) !== kindFolderOf(i.target)) offending.push(`${i.file} imports '${i.spec}': a kind object is the registry's`);
  }
  assert.deepEqual(offending, []);
  const registry = imports.filter((i) => i.file === 'kinds/registry.ts' && i.target && /Kind\.ts$/.test(i.target));
  assert.ok(registry.length >= 4, 'the registry imports every kind object');
});

test('no code outside a kind branches on that kind by name', () => {
  // The kinds' names as the registry has them: each kind object's `name: '...'`.
  const names = files
    .map((f) => toPosix(relative(SRC, f)))
    .filter((f) => /^kinds\/[^/]+\/[^/]+Kind\.ts$/.test(f))
    .map((f) => ({ folder: kindFolderOf(f)!, name: /\bname: '([^']+)'/.exec(readFileSync(join(SRC, f), 'utf8'))?.[1] }))
    .filter((k): k is { folder: string; name: string } => k.name !== undefined);
  assert.ok(names.length >= 4, `kind names found: ${names.map((n) => n.name).join(', ')}`);
  const offending: string[] = [];
  for (const path of files) {
    const file = toPosix(relative(SRC, path));
    const text = readFileSync(path, 'utf8');
    for (const { folder, name } of names) {
      if (kindFolderOf(file) === folder) continue;
      const branch = new RegExp(`kind\\s*[!=]==\\s*'${name}'|fileType\\('${name}'`);
      if (branch.test(text)) offending.push(`${file} names the kind '${name}': ask the kind (kinds/kind.ts) instead`);
    }
  }
  assert.deepEqual(offending, []);
});

/** Every relative import of the TypeScript files under `dir` (repo-relative), with its target repo-relative. */
function repoImports(dir: string): Array<{ file: string; spec: string; target: string }> {
  const root = join(REPO, dir);
  const out: Array<{ file: string; spec: string; target: string }> = [];
  for (const path of sourceFiles(root)) {
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/(?:from|import|require)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      out.push({ file: toPosix(relative(REPO, path)), spec: m[1], target: toPosix(relative(REPO, resolve(dirname(path), m[1]))) });
    }
  }
  return out;
}

test('the server and the VS Code client import nothing of each other; both may import conversion/, which imports neither', () => {
  const server = repoImports('server/src');
  const client = repoImports('client/src');
  const conversion = repoImports('conversion');
  const offending = [
    ...server.filter((i) => i.target.startsWith('client/')).map((i) => `${i.file} imports '${i.spec}': the server may not import the client`),
    ...client.filter((i) => i.target.startsWith('server/')).map((i) => `${i.file} imports '${i.spec}': the client may not import the server`),
    ...conversion.filter((i) => !i.target.startsWith('conversion/')).map((i) => `${i.file} imports '${i.spec}': conversion/ imports neither side`),
  ];
  assert.deepEqual(offending, []);
  assert.ok(server.some((i) => i.target.startsWith('conversion/')), 'the CLI imports the conversion client from conversion/');
  assert.ok(client.some((i) => i.target.startsWith('conversion/')), 'the extension imports the conversion client from conversion/');
  for (const path of sourceFiles(join(REPO, 'conversion'))) {
    assert.doesNotMatch(readFileSync(path, 'utf8'), /from 'vscode'/, `${toPosix(relative(REPO, path))} imports vscode`);
  }
});
