// Bundles the three entry points with esbuild; type-checking is `npm run typecheck`.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entries = [
  { in: 'server/src/server.ts', out: 'server', banner: '#!/usr/bin/env node' },
  { in: 'server/src/cli/main.ts', out: 'cli', banner: '#!/usr/bin/env node' },
  { in: 'client/src/extension.ts', out: 'extension' },
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
    external: ['vscode'],
    banner: entry.banner ? { js: entry.banner } : undefined,
    logLevel: 'warning',
  });
}
