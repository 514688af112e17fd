// The extension manifest against the code it describes: settings defaults equal the server's, files it names exist,
// and every text a user reads comes from package.nls.json (the English bundle a translation replaces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultSettings } from '../../server/src/service/settings';
import { localizedManifest, messageReferences, readMessages, readRawManifest } from '../../scripts/manifest';

const ROOT = resolve(__dirname, '../..');
interface Manifest {
  main: string;
  activationEvents: string[];
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  contributes: {
    languages: Array<{ id: string; extensions?: string[]; configuration?: string }>;
    grammars: Array<{ language: string; scopeName: string; path: string }>;
    commands: Array<{ command: string; title: string; category: string }>;
    configuration: { title: string; properties: Record<string, { default: unknown; scope?: string; markdownDescription?: string; description?: string }> };
  };
}
/** As VS Code shows it: the messages of package.nls.json in place of their keys. */
const manifest = localizedManifest(ROOT) as unknown as Manifest;
const properties = manifest.contributes.configuration.properties;
const raw = readRawManifest(ROOT) as unknown as Manifest;

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

test('the logstash language claims no extension (a .conf file is Logstash by content, the client sets it) and has its grammar', () => {
  const logstash = manifest.contributes.languages.find((language) => language.id === 'logstash');
  assert.ok(logstash, 'a logstash language');
  assert.equal(logstash.extensions, undefined, 'an extension would make every .conf file (nginx.conf too) Logstash');
  assert.equal(logstash.configuration, './syntaxes/logstash.language-configuration.json');
  assert.ok(existsSync(join(ROOT, logstash.configuration)));
  const grammar = manifest.contributes.grammars.find((entry) => entry.language === 'logstash');
  assert.equal(grammar?.path, './syntaxes/logstash.tmLanguage.json');
  const file = JSON.parse(readFileSync(join(ROOT, grammar.path), 'utf8')) as { scopeName: string };
  assert.equal(grammar.scopeName, file.scopeName);
  for (const event of ['onLanguage:logstash', 'workspaceContains:**/*.conf']) assert.ok(manifest.activationEvents.includes(event), event);
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

test('every message key package.json names is in package.nls.json, and every message there is used', () => {
  const used = new Set(messageReferences(readRawManifest(ROOT)));
  const messages = readMessages(ROOT);
  assert.deepEqual([...used].filter((key) => !Object.hasOwn(messages, key)), [], 'keys without a message in package.nls.json');
  assert.deepEqual(Object.keys(messages).filter((key) => !used.has(key)), [], 'messages in package.nls.json that package.json never names');
  for (const [key, text] of Object.entries(messages)) assert.ok(text.trim() !== '' && !text.includes('%'), `${key}: ${JSON.stringify(text)}`);
});

test('the texts a user reads are messages, keyed by the setting or command they describe', () => {
  const isMessage = (text: unknown, key: string): void => assert.equal(text, `%${key}%`, `${key}: package.json should say "%${key}%"`);
  isMessage(raw.contributes.configuration.title, 'configuration.title');
  for (const command of raw.contributes.commands) isMessage(command.title, `${command.command}.title`);
  for (const language of raw.contributes.languages as Array<{ id: string; aliases?: string[] }>) {
    if (language.aliases) isMessage(language.aliases[0], `language.${language.id}.alias`);
  }
  // A setting's texts at any depth: descriptions, Markdown descriptions, enum descriptions, pattern messages.
  const texts = (node: unknown, found: string[] = []): string[] => {
    if (Array.isArray(node)) node.forEach((item) => texts(item, found));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (['description', 'markdownDescription', 'patternErrorMessage'].includes(key)) found.push(String(value));
        else if (key === 'enumDescriptions' || key === 'markdownEnumDescriptions') found.push(...(value as string[]));
        else if (key !== 'default') texts(value, found);
      }
    }
    return found;
  };
  for (const [name, property] of Object.entries(raw.contributes.configuration.properties)) {
    const found = texts(property);
    assert.ok(found.length > 0, `${name} has no description`);
    for (const text of found) assert.match(text, new RegExp(`^%${name.replace(/\./g, '\\.')}\\.[\\w.-]+%$`), `${name}: ${text} is not a message keyed ${name}.*`);
  }
});

test('the language names, command titles and setting texts VS Code shows are the English messages', () => {
  const languages = Object.fromEntries(manifest.contributes.languages.map((language) => [language.id, (language as { aliases?: string[] }).aliases?.[0]]));
  assert.deepEqual(languages, { ndjson: 'NDJSON', wikitext: 'Wikitext', 'es-console': 'Elasticsearch Console', logstash: 'Logstash' });
  assert.equal(manifest.contributes.configuration.title, 'Fieldwise');
  assert.match(properties['fieldwise.files.events'].markdownDescription ?? '', /^Glob patterns .* \*\*event documents\*\*/);
  const trace = properties['fieldwise.trace.server'] as { enum?: string[]; enumDescriptions?: string[] };
  assert.equal(trace.enum?.length, trace.enumDescriptions?.length);
  assert.equal(trace.enumDescriptions?.[0], 'No tracing.');
});
