// The .vsix as the Marketplace would get it: packaged offline by scripts/vsix.mjs (what `npm run package` runs after the
// build) from the built dist/, holding exactly what the extension needs (test/helpers/shippedFiles.ts), with a manifest
// whose texts VS Code can fill in. Needs `npm run build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vsixEntries } from '../e2e/harness/vsix';
import { ensureDebianPackages, run } from '../e2e/prerequisites';
import { expectedVsixEntries, REPO } from '../helpers/shippedFiles';

test('the .vsix holds the bundles the extension starts, the data they read, its manifest, messages, icon and pages, and nothing else', async (t) => {
  assert.ok(existsSync(join(REPO, 'dist', 'extension.js')), 'dist/extension.js is missing: run npm run build first');
  await ensureDebianPackages(['unzip']);
  const scratch = mkdtempSync(join(tmpdir(), 'fieldwise-vsix-test-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  const vsix = join(scratch, 'fieldwise.vsix');
  await run(process.execPath, [join(REPO, 'scripts', 'vsix.mjs'), '--out', vsix], { cwd: REPO, what: 'scripts/vsix.mjs' });

  const entries = vsixEntries(vsix).map((entry) => entry.name).sort();
  assert.deepEqual(entries, expectedVsixEntries());
  t.diagnostic(`fieldwise.vsix: ${entries.length} files, ${statSync(vsix).size} bytes`);

  // The manifest VS Code reads: its `%key%` texts are in the package.nls.json beside it; and no npm `files` list.
  const manifest = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
  const messages = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.nls.json'], { encoding: 'utf8' })) as Record<string, string>;
  const keys = [...JSON.stringify(manifest).matchAll(/"%([\w.-]+)%"/g)].map((match) => match[1]);
  assert.ok(keys.length > 20, `the manifest names ${keys.length} messages`);
  assert.deepEqual(keys.filter((key) => messages[key] === undefined), []);
  assert.equal(manifest.files, undefined);
  assert.equal(manifest.icon, 'images/icon.png');
  // The icon is the committed PNG, whole.
  assert.deepEqual(execFileSync('unzip', ['-p', vsix, 'extension/images/icon.png']), readFileSync(join(REPO, 'images', 'icon.png')));
});
