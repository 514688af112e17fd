// Packages the VS Code extension (`npm run package`, after the build): `node scripts/vsix.mjs [--out FILE]`, by default
// fieldwise.vsix. package.json's `files` says what the npm package holds and .vscodeignore what the extension holds, and
// vsce refuses to package a folder that has both; so the files `vsce ls` lists here (by .vscodeignore) are copied to a
// temporary folder, whose package.json drops `files`, and vsce packages that copy.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, 'fieldwise.vsix') } } });
const vsce = join(root, 'node_modules', '.bin', 'vsce');

const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((line) => line.trim() !== '');
if (!listed.includes('dist/extension.js')) {
  throw new Error(`vsce ls does not list dist/extension.js (run npm run build first); it lists: ${listed.join(', ')}`);
}

const stage = mkdtempSync(join(tmpdir(), 'fieldwise-vsix-'));
try {
  for (const file of listed) cpSync(join(root, file), join(stage, file));
  const manifest = JSON.parse(readFileSync(join(stage, 'package.json'), 'utf8'));
  delete manifest.files;
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The copy holds nothing else; an ignore file of its own keeps vsce from warning that there is none.
  writeFileSync(join(stage, '.vscodeignore'), '');
  execFileSync(vsce, ['package', '--no-dependencies', '--out', resolve(values.out)], { cwd: stage, stdio: 'inherit' });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
