// The embedded service's template folder is read once and again when something in it changes, not for every preview.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TemplateFolder } from '../../conversion/templateFolder';

async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`not within 5 s: ${what}`);
}

test('templates are read once, and a changed, added or removed file shows in the next load', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwise-templates-'));
  writeFileSync(join(dir, 'Greeting.wiki'), 'Hello');
  const folder = await TemplateFolder.open(dir);
  try {
    const first = await folder.load();
    assert.equal(first.get('Greeting'), 'Hello');
    assert.equal(await folder.load(), first, 'an unchanged folder is not read again');
    writeFileSync(join(dir, 'Greeting.wiki'), 'Hello again');
    await eventually('the changed text', async () => (await folder.load()).get('Greeting') === 'Hello again');
    mkdirSync(join(dir, 'Infobox'));
    writeFileSync(join(dir, 'Infobox', 'Row.wiki'), 'row');
    await eventually('the added template', async () => (await folder.load()).get('Infobox/Row') === 'row');
    rmSync(join(dir, 'Greeting.wiki'));
    await eventually('the removed template gone', async () => !(await folder.load()).has('Greeting'));
  } finally {
    folder.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
