// The client and the manifest follow the registries of kinds and formats: every `fieldwise.files.<setting>` the kinds
// read is contributed with the kinds' defaults (and nothing else is), the server's defaults are the registry's, and
// the extension hands the server every language a format or console text is written in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_FILE_PATTERNS, SERVER_LANGUAGES, serverDocumentSelector } from '../../client/src/documentSelector';
import { formatFromName, formats } from '../../server/src/document/syntaxes/registry';
import { fileGlobDefaults, kinds } from '../../server/src/kinds/registry';
import { CONSOLE_GLOBS, CONSOLE_LANGUAGES } from '../../server/src/service/consoleDocument';
import { defaultSettings } from '../../server/src/service/settings';

const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
};
const properties = manifest.contributes.configuration.properties;

test('package.json contributes each glob setting the kinds read, with the registry defaults, and no other', () => {
  const expected: Record<string, string[]> = { ...fileGlobDefaults(), console: [...CONSOLE_GLOBS] };
  const contributed = Object.keys(properties).filter((key) => key.startsWith('fieldwise.files.')).map((key) => key.slice('fieldwise.files.'.length));
  assert.deepEqual(contributed.sort(), Object.keys(expected).sort(), 'the fieldwise.files.* settings of package.json');
  for (const [setting, defaults] of Object.entries(expected)) {
    assert.deepEqual(properties[`fieldwise.files.${setting}`].default, defaults, `fieldwise.files.${setting}'s default`);
  }
});

test("the server's defaults are the registry's: every kind's setting is there", () => {
  for (const kind of kinds) assert.ok(Array.isArray(defaultSettings.files[kind.files.setting]), `fieldwise.files.${kind.files.setting} (${kind.name})`);
  assert.deepEqual(defaultSettings.files.console, [...CONSOLE_GLOBS]);
});

test('the extension hands the server every language a format or console text is written in', () => {
  const needed = new Set([...formats.flatMap((f) => f.languageIds), ...CONSOLE_LANGUAGES]);
  const handed = new Set<string>(SERVER_LANGUAGES);
  assert.deepEqual([...needed].filter((id) => !handed.has(id)), [], 'languages the client does not hand to the server');
  const activating = new Set(manifest.activationEvents);
  assert.deepEqual([...handed].filter((id) => !activating.has(`onLanguage:${id}`)), [], 'languages that do not activate the extension');
});

test('the extension hands the server the files a format says by name whatever language the editor gives them (.yml.hbs)', () => {
  const named = formats.flatMap((f) => (f.namePatterns ?? []).map((pattern) => ({ format: f.format, pattern })));
  assert.deepEqual([...SERVER_FILE_PATTERNS].sort(), named.map((n) => n.pattern).sort(), 'the client\'s file patterns are the formats\' namePatterns');
  for (const { format, pattern } of named) {
    // A file the pattern names is of its format by name alone: the server reads it whatever the language id.
    assert.equal(formatFromName(pattern.replace('**/', 'packages/x/agent/stream/').replace('*', 'stream')), format, pattern);
    assert.ok(serverDocumentSelector.some((f) => f.pattern === pattern && f.language === undefined && f.scheme === 'file'), `a document filter for ${pattern} with no language`);
    assert.ok(manifest.activationEvents.includes(`workspaceContains:${pattern}`), `workspaceContains:${pattern} activates the extension`);
  }
});

test('each kind reads formats the registry knows, names a setting, and has a name of its own', () => {
  const known = new Set(formats.map((f) => f.format));
  assert.equal(new Set(kinds.map((k) => k.name)).size, kinds.length, 'kind names are unique');
  assert.equal(new Set(kinds.map((k) => k.cliName)).size, kinds.length, 'command-line names are unique');
  for (const kind of kinds) {
    assert.ok(kind.formats.length > 0 && kind.formats.every((f) => known.has(f)), `${kind.name} reads ${kind.formats.join(', ')}`);
    assert.match(kind.files.setting, /^[a-z]+$/, `${kind.name}'s setting`);
  }
});
