// The README's tables of commands, diagnostic codes and settings come from their sources; this fails when
// one of them changed and `npm run docs` was not run. The README is the users' page (the Marketplace's and npm's);
// the contributors' set-up is in its Contributing section and, whole, in docs/contributing.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localizedManifest } from '../../scripts/manifest';
import { renderReadme } from '../../scripts/readme';
import { rules } from '../../server/src/kinds/events/rules';

const ROOT = join(__dirname, '..', '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The text of the README's `## title` section, up to the next `## ` heading. */
function readmeSection(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `the README has no '## ${title}' section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

test('the README is up to date with the commands, rules and settings (run npm run docs)', () => {
  assert.equal(readme, renderReadme(readme));
});

test('the README lists every diagnostic code with its severity and spec sentence', () => {
  for (const rule of rules) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${rule.code}\` |`));
    assert.ok(row, `${rule.code} is missing from the README`);
    assert.ok(row.includes(`| ${rule.defaultSeverity} |`), `${rule.code}: severity`);
    assert.ok(row.includes(rule.spec.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')), `${rule.code}: spec sentence`);
  }
});

test('the README tells contributors how to set up and test, and docs/contributing.md starts with those and the main job', () => {
  const contributing = readmeSection('Contributing');
  assert.match(contributing, /^npm install\b/m);
  assert.match(contributing, /^npm test\b/m);
  assert.match(contributing, /\(docs\/contributing\.md\)/);
  const top = readFileSync(join(ROOT, 'docs', 'contributing.md'), 'utf8').split('\n').slice(0, 8).join('\n');
  assert.match(top, /^npm install\b/m);
  assert.match(top, /^npm test\b/m);
  assert.match(top, /fieldwise check examples\//);
});

test('the README shows users how to install, a screenshot of each file kind, and every command by the title VS Code shows', () => {
  const intro = readme.slice(0, readme.indexOf('\n## '));
  assert.match(intro, /npm install --save-dev fieldwise/);
  assert.match(intro, /Extensions: Install from VSIX/);
  for (const [section, image] of [['Event documents', 'vscode-completion.png'], ['Ingest pipelines', 'vscode-pipeline.png'],
    ['Index templates, mappings and field definition files', 'vscode-mapping.png'], ['Wikitext', 'vscode-preview.png']]) {
    assert.match(readmeSection(section), new RegExp(`!\\[[^\\]]+\\]\\(docs/images/${image.replace('.', '\\.')}\\)`), `${section}: ${image}`);
    assert.ok(existsSync(join(ROOT, 'docs', 'images', image)), `docs/images/${image} is missing`);
  }
  const manifest = localizedManifest(ROOT) as { contributes: { commands: Array<{ title: string; category: string }> } };
  const commands = readmeSection('Commands');
  for (const command of manifest.contributes.commands) {
    assert.ok(commands.includes(`| ${command.category}: ${command.title} |`), `the README's Commands lack '${command.category}: ${command.title}'`);
  }
});
