// The extension manifest against the code it describes: settings defaults equal the server's, files it names exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultSettings } from '../../server/src/service/settings';

const ROOT = resolve(__dirname, '../..');
interface Manifest {
  main: string;
  activationEvents: string[];
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  contributes: {
    languages: Array<{ id: string; extensions?: string[]; configuration?: string }>;
    grammars: Array<{ language: string; scopeName: string; path: string }>;
    commands: Array<{ command: string; title: string; category: string }>;
    configuration: { properties: Record<string, { default: unknown; scope?: string; markdownDescription?: string; description?: string }> };
  };
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const properties = manifest.contributes.configuration.properties;

test('the settings the server reads have the server\'s defaults in the manifest', () => {
  assert.deepEqual(properties['fieldwise.files.events'].default, defaultSettings.files.events);
  assert.deepEqual(properties['fieldwise.events.allowDottedKeys'].default, defaultSettings.events.allowDottedKeys);
  assert.deepEqual(properties['fieldwise.diagnostics.severity'].default, defaultSettings.diagnostics.severity);
  assert.deepEqual(properties['fieldwise.diagnostics.disable'].default, defaultSettings.diagnostics.disable);
  assert.deepEqual(properties['fieldwise.inlayHints.enabled'].default, defaultSettings.inlayHints.enabled);
  assert.deepEqual(properties['fieldwise.schema.definitions'].default, defaultSettings.schema.definitions);
});

test('every setting has a description and a scope', () => {
  for (const [name, property] of Object.entries(properties)) {
    assert.ok(name.startsWith('fieldwise.'), name);
    assert.ok((property.markdownDescription ?? property.description ?? '').length > 20, `${name} has no description`);
    assert.ok(['application', 'machine', 'machine-overridable', 'window', 'resource', 'language-overridable'].includes(property.scope ?? ''), `${name} scope ${property.scope}`);
  }
});

test('untrusted workspaces: the settings that could send data elsewhere are restricted', () => {
  assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
  assert.deepEqual([...manifest.capabilities.untrustedWorkspaces.restrictedConfigurations].sort(), ['fieldwise.conversion.baseUrl', 'fieldwise.schema.definitions']);
  for (const name of manifest.capabilities.untrustedWorkspaces.restrictedConfigurations) assert.ok(properties[name], `${name} is not a setting`);
});

test('the wikitext language points at the grammar and configuration files, under the grammar\'s own scope name', () => {
  const wikitext = manifest.contributes.languages.find((language) => language.id === 'wikitext');
  assert.deepEqual(wikitext?.extensions, ['.wiki', '.wikitext', '.mediawiki']);
  assert.equal(wikitext?.configuration, './syntaxes/wikitext.language-configuration.json');
  const grammar = manifest.contributes.grammars.find((entry) => entry.language === 'wikitext');
  assert.equal(grammar?.path, './syntaxes/wikitext.tmLanguage.json');
  const file = JSON.parse(readFileSync(join(ROOT, grammar.path), 'utf8')) as { scopeName: string };
  assert.equal(grammar.scopeName, file.scopeName);
  assert.ok(existsSync(join(ROOT, wikitext.configuration)));
  const ndjson = manifest.contributes.languages.find((language) => language.id === 'ndjson');
  assert.deepEqual(ndjson?.extensions, ['.ndjson', '.jsonl']);
});

test('the commands are in the Fieldwise category and activation covers the server\'s languages', () => {
  const titles = Object.fromEntries(manifest.contributes.commands.map((command) => [command.command, `${command.category}: ${command.title}`]));
  assert.equal(titles['fieldwise.restartServer'], 'Fieldwise: Restart Language Server');
  assert.equal(titles['fieldwise.showOutput'], 'Fieldwise: Show Output');
  assert.equal(titles['fieldwise.previewWikitext'], 'Fieldwise: Preview Wikitext');
  assert.equal(titles['fieldwise.openRevision'], 'Fieldwise: Open Page Revision as HTML');
  assert.equal(titles['fieldwise.convertHtmlToWikitext'], 'Fieldwise: Convert HTML to Wikitext');
  for (const language of ['json', 'jsonc', 'ndjson', 'yaml']) assert.ok(manifest.activationEvents.includes(`onLanguage:${language}`), language);
  assert.equal(manifest.main, './dist/extension.js');
});
