// Bundles the entry points with esbuild; type-checking is `npm run typecheck`.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const entries = [
  // The server runs with a small young generation and a bounded heap growth (client/src/serverFlags.ts says why);
  // `env -S` passes the flags to node (coreutils 8.30+, macOS).
  { in: 'server/src/server.ts', out: 'server', banner: '#!/usr/bin/env -S node --max-semi-space-size=1 --heap-growing-percent=150' },
  { in: 'server/src/cli/main.ts', out: 'cli', banner: '#!/usr/bin/env node' },
  // `fieldwise check --jobs N` checks on worker threads that run this bundle (server/src/cli/checkPool.ts).
  { in: 'server/src/cli/checkWorker.ts', out: 'checkWorker' },
  { in: 'client/src/extension.ts', out: 'extension' },
  // The embedded conversion service renders in a worker thread, off the extension host's thread.
  { in: 'conversion/embeddedServiceWorker.ts', out: 'embeddedServiceWorker' },
];

for (const entry of entries) {
  if (!existsSync(entry.in)) continue;
  await build({
    entryPoints: { [entry.out]: entry.in },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    keepNames: true,
    // wikiparser-node (embedded conversion service): a Node built-in esbuild does not know, a browser-only import of
    // its optional prism-wiki, and stylelint (~10 MB with TypeScript), which it loads in try/catch for linting only.
    external: ['vscode', 'inspector/promises', '@bhsd/browser', 'stylelint'],
    // jsonc-parser's `main` is a UMD build whose internal requires esbuild cannot follow; its ESM build bundles.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    banner: entry.banner ? { js: entry.banner } : undefined,
    logLevel: 'warning',
  });
}

// The catalog snapshot lets the server start without parsing YAML (server/src/catalog/snapshot.ts).
await build({
  entryPoints: { 'catalog-snapshot': 'server/src/catalog/buildSnapshot.ts' },
  outdir: '.cache/build', bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning',
});
execFileSync(process.execPath, ['.cache/build/catalog-snapshot.js'], { stdio: 'inherit' });
