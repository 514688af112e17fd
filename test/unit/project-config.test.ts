// The project configuration (.fieldwise/config.yml): what it may hold (the settings that decide findings, validated
// with ajv; each key takes what its `fieldwise.*` setting takes), how its problems are said, how it is laid over the
// defaults and how the editor's settings are laid over it, and that it is never read as a definitions file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCatalog, workspaceDefinitions } from '../../server/src/catalog';
import { readProjectConfig } from '../../server/src/service/projectConfig';
import { defaultSettings, mergeSettings, projectSettings } from '../../server/src/service/settings';

const ROOT = resolve(__dirname, '../..');

function project(config: string | undefined, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwise-project-'));
  mkdirSync(join(dir, '.fieldwise'));
  if (config !== undefined) writeFileSync(join(dir, '.fieldwise', 'config.yml'), config);
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return dir;
}

const CONFIG = [
  'files:',
  '  pipelines: ["pipelines/**/*.yml"]',
  'events:',
  '  allowDottedKeys: ["legacy/**"]',
  'diagnostics:',
  '  severity:',
  '    undefined-field-set: "off"',
  '    deprecated-field: error',
  '  disable:',
  '    - foreign-meta-field',
  '    - codes: [unknown-field]',
  '      files: vendor/**',
  'schema:',
  '  definitions: [defs/]',
  '',
].join('\n');

test('a project configuration is read and laid over the defaults', (t) => {
  const dir = project(CONFIG);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const load = readProjectConfig(dir);
  assert.ok(load.ok && load.config, JSON.stringify(load));
  assert.equal(load.config.file, join(dir, '.fieldwise', 'config.yml'));
  const s = projectSettings(load.config);
  assert.deepEqual(s.files.pipelines, ['pipelines/**/*.yml']);
  assert.deepEqual(s.files.events, defaultSettings.files.events, 'what the file does not name stays as the defaults have it');
  assert.deepEqual(s.events.allowDottedKeys, ['legacy/**']);
  assert.deepEqual(s.diagnostics.severity, { 'undefined-field-set': 'off', 'deprecated-field': 'error' });
  assert.deepEqual(s.diagnostics.disable, ['foreign-meta-field', { codes: ['unknown-field'], files: ['vendor/**'] }]);
  assert.deepEqual(s.schema.definitions, ['defs/']);
  assert.deepEqual(defaultSettings.diagnostics.disable, [], 'the defaults are left alone');
});

test('no project configuration is not an error; an empty one configures nothing; a named one must exist', (t) => {
  const none = project(undefined);
  const empty = project('# nothing yet\n');
  t.after(() => [none, empty].forEach((d) => rmSync(d, { recursive: true, force: true })));
  assert.deepEqual(readProjectConfig(none), { ok: true });
  const load = readProjectConfig(empty);
  assert.ok(load.ok && load.config);
  assert.deepEqual(projectSettings(load.config), defaultSettings);
  const named = readProjectConfig(none, 'ci/fieldwise.yml');
  assert.ok(!named.ok);
  assert.match(named.message, /the project configuration .*ci\/fieldwise\.yml cannot be read/);
});

test('problems name the file, the line, the key and what is wrong', (t) => {
  const cases: Array<[string, RegExp]> = [
    ['diagnostics:\n  severity:\n    unknown-field: loud\n', /config\.yml:3: \/diagnostics\/severity\/unknown-field: "loud" is not one of: error, warning, information, hint, off/],
    ['events:\n  allowDotedKeys: true\n', /config\.yml:2: \/events\/allowDotedKeys: unknown property 'allowDotedKeys'/],
    ['files:\n  pipeline: ["x/*.yml"]\n', /config\.yml:2: \/files\/pipeline: no kind's files are set by 'pipeline'; the settings are: beats, events, pipelines, mappings.*console/],
    ['maxFileSize: 3\n', /config\.yml:1: \/maxFileSize: unknown property 'maxFileSize'/],
    ['diagnostics:\n  disable: [{codes: unknown-field}]\n', /config\.yml:2: \/diagnostics\/disable\/0/],
    ['files: [a\n', /config\.yml:\d+: \/: YAML syntax error/],
    ['schema:\n  definitions: [defs/, ../shared/defs]\n', /config\.yml:2: \/schema\/definitions\/1: '\.\.\/shared\/defs' is outside the project/],
    ['schema:\n  definitions:\n    - /etc/defs\n', /config\.yml:3: \/schema\/definitions\/0: '\/etc\/defs' is outside the project/],
  ];
  for (const [text, expected] of cases) {
    const dir = project(text);
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const load = readProjectConfig(dir);
    assert.ok(!load.ok, text);
    assert.match(load.message, /^the project configuration has problems:\n/);
    assert.match(load.message, expected, load.message);
  }
});

test('the editor\'s settings over the project\'s: a value left at its default keeps the project\'s, severities merge by code, disable lists add up', (t) => {
  const dir = project(CONFIG);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const load = readProjectConfig(dir);
  assert.ok(load.ok && load.config);
  // VS Code sends every setting, defaults included.
  const asVsCodeSends = structuredClone(defaultSettings);
  const same = mergeSettings(asVsCodeSends, load.config);
  assert.deepEqual(same, projectSettings(load.config), 'an editor at its defaults changes nothing');
  assert.deepEqual(mergeSettings(undefined, load.config), projectSettings(load.config), 'nor does an editor that sends nothing');
  const edited = mergeSettings({
    ...asVsCodeSends,
    files: { ...asVsCodeSends.files, pipelines: ['my/**/*.yml'] },
    events: { allowDottedKeys: true },
    diagnostics: { severity: { 'undefined-field-set': 'hint' }, disable: ['dotted-key'] },
    schema: { definitions: ['mine/'] },
  }, load.config);
  assert.deepEqual(edited.files.pipelines, ['my/**/*.yml']);
  assert.equal(edited.events.allowDottedKeys, true);
  assert.deepEqual(edited.diagnostics.severity, { 'undefined-field-set': 'hint', 'deprecated-field': 'error' });
  assert.deepEqual(edited.diagnostics.disable, ['foreign-meta-field', { codes: ['unknown-field'], files: ['vendor/**'] }, 'dotted-key']);
  assert.deepEqual(edited.schema.definitions, ['mine/']);
  assert.deepEqual(mergeSettings({ files: { pipelines: ['a/*.yml'] } }), { ...defaultSettings, files: { ...defaultSettings.files, pipelines: ['a/*.yml'] } }, 'without a project, as before');
});

test('the configuration\'s keys take exactly what their fieldwise.* settings take (package.json)', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schema/config.schema.json'), 'utf8')) as { properties: Record<string, { properties?: Record<string, unknown> }> };
  const settings = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, Record<string, unknown>> } } }).contributes.configuration.properties;
  // What a setting says for the editor's UI only; the rest is its shape.
  const UI = new Set(['default', 'scope', 'markdownDescription', 'description', 'enumDescriptions', 'patternErrorMessage']);
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shape);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).filter(([k]) => !UI.has(k)).map(([k, v]) => [k, shape(v)]));
  };
  const keys: string[] = [];
  for (const [section, body] of Object.entries(schema.properties)) {
    if (section === 'files') {
      const globs = Object.keys(settings).filter((k) => k.startsWith('fieldwise.files.'));
      assert.ok(globs.length >= 4);
      for (const g of globs) assert.deepEqual(shape((body as { additionalProperties: unknown }).additionalProperties), shape(settings[g]), g);
      keys.push(...globs);
      continue;
    }
    for (const [name, value] of Object.entries(body.properties ?? {})) {
      const setting = `fieldwise.${section}.${name}`;
      assert.ok(settings[setting], `${setting} is not a setting`);
      assert.deepEqual(shape(value), shape(settings[setting]), setting);
      keys.push(setting);
    }
  }
  // The settings that decide findings are all there; the editor's own (limits, hints, conversion) are not.
  for (const setting of ['fieldwise.events.allowDottedKeys', 'fieldwise.diagnostics.severity', 'fieldwise.diagnostics.disable', 'fieldwise.schema.definitions']) {
    assert.ok(keys.includes(setting), setting);
  }
});

test('.fieldwise/config.yml is never read as a definitions file', (t) => {
  const onlyConfig = project(CONFIG);
  const both = project(CONFIG, {});
  t.after(() => [onlyConfig, both].forEach((d) => rmSync(d, { recursive: true, force: true })));
  assert.deepEqual(workspaceDefinitions(onlyConfig), [], 'a .fieldwise/ folder with the configuration alone holds no definitions');
  writeFileSync(join(both, '.fieldwise', 'shop.yml'), 'fieldset: shop\ntitle: Shop\ndescription: A shop.\nfields:\n  - name: total\n    type: float\n    level: extended\n    description: Total.\n');
  assert.deepEqual(workspaceDefinitions(both), ['.fieldwise/*.yml']);
  const catalog = loadCatalog({ definitions: workspaceDefinitions(both), cwd: both });
  assert.equal(catalog.lookup('shop.total')?.type, 'float');
  const named = loadCatalog({ definitions: ['.fieldwise/'], cwd: both });
  assert.equal(named.customFieldCount, 1);
});
