// YAML aliases share their anchor's node, and every walk visits it once per alias: the parser expands aliases only
// while they add at most MAX_ALIASED_NODES keys and items to one event or file (document/limits.ts), and an alias
// bomb gets one alias-expansion-limit finding where the bound is met, with everything else still checked. The
// finding in each kind a YAML file can be: test/fixtures/annotated/*/**/alias-bomb.y*ml.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ValueNode } from '../../server/src/document/model';
import { ALIAS_EXPANSION_LIMIT, MAX_ALIASED_NODES } from '../../server/src/document/limits';
import { MAX_NESTING } from '../../server/src/document/model';
import { parseYamlValue } from '../../server/src/document/syntaxes/yaml/yamlValue';
import { fileTypeOf } from '../../server/src/service/detect';
import { defaultSettings, mergeSettings } from '../../server/src/service/settings';
import { LanguageService } from '../../server/src/service/languageService';
import { service, testCatalog } from './diagnostics-fixture';
import { aliasBomb, bombFiles } from '../helpers/aliasBomb';
import type { EventDocument } from '../helpers/events';

/** The keys and items a walk of `node` visits, aliases expanded; stops counting past `cap`. */
function walked(node: ValueNode | undefined, cap = 10 * MAX_ALIASED_NODES): number {
  let count = 0;
  const walk = (n: ValueNode | undefined): void => {
    if (!n || count > cap) return;
    if (n.kind === 'object') for (const p of n.properties) {
      count++;
      walk(p.value);
    }
    if (n.kind === 'array') for (const item of n.items) {
      count++;
      walk(item);
    }
  };
  walk(node);
  return count;
}

/** The offset of the alias that meets the bound: the first whose expansion passes MAX_ALIASED_NODES, counted as the parser counts. */
function expectedLimitAt(text: string, levels: number, width: number): number {
  let added = 0;
  for (let level = 1; level < levels; level++) {
    const size = Array.from({ length: level }, (_, i) => width ** (i + 1)).reduce((a, b) => a + b, 0);
    for (let k = 0; k < width; k++) {
      if (added + size > MAX_ALIASED_NODES) return text.indexOf(`k${k}: *l${level - 1}`, text.indexOf(`l${level}: &l${level}`)) + `k${k}: `.length;
      added += size;
    }
  }
  return -1;
}

test('a bomb of nested aliases is built bounded, with one problem at the alias that meets the bound', () => {
  const text = `before: 1\n${aliasBomb(10, 9)}after: 2\n`;
  const parsed = parseYamlValue(text);
  const limits = parsed.errors.filter((e) => e.code === ALIAS_EXPANSION_LIMIT);
  assert.equal(limits.length, 1, JSON.stringify(parsed.errors));
  const at = expectedLimitAt(text, 10, 9);
  assert.deepEqual([limits[0].start, text.slice(limits[0].start, limits[0].end)], [at, '*l3']);
  assert.match(limits[0].message, /more than 10,000 keys and list items/);
  assert.deepEqual(parsed.errors.filter((e) => e.code === undefined), [], 'no syntax error');
  assert.ok(walked(parsed.root) <= MAX_ALIASED_NODES + text.length, `a walk visits ${walked(parsed.root)} nodes`);
  const root = parsed.root;
  assert.equal(root?.kind, 'object');
  if (root?.kind !== 'object') return;
  assert.deepEqual([root.properties[0].key, root.properties[root.properties.length - 1].key], ['before', 'after'], 'what comes before and after is there');
});

test('aliases within the bound are expanded: the alias stands for its anchor\'s node, nothing is said', () => {
  for (const text of [
    'a: &a {x: 1, y: [2, 3]}\nb: *a\n',
    'defaults: &d\n  type: keyword\nfields:\n  - name: a\n    props: *d\n  - name: b\n    props: *d\n',
    aliasBomb(4, 9),
  ]) {
    const parsed = parseYamlValue(text);
    assert.deepEqual(parsed.errors, [], text);
  }
  const shared = parseYamlValue('a: &a {x: 1}\nb: *a\n').root;
  assert.ok(shared?.kind === 'object' && shared.properties[0].value === shared.properties[1].value, 'the node is shared, not copied');
  const full = parseYamlValue(aliasBomb(4, 9)).root;
  // Level n holds 9 keys, each standing for level n - 1: 9, 9 + 9 * 9, 9 + 9 * 90, 9 + 9 * 819 keys, under 4 root keys.
  assert.equal(walked(full), 4 + 9 + 90 + 819 + 7380, 'every level expanded');
});

test('once the bound is met, later aliases to collections are left too; aliases to scalars always stand', () => {
  const text = `${aliasBomb(10, 9)}s: &s word\nlater: *l1\nscalar: *s\n`;
  const root = parseYamlValue(text).root;
  assert.ok(root?.kind === 'object');
  const valueOf = (key: string): ValueNode | undefined => root.properties.find((p) => p.key === key)?.value;
  assert.equal(valueOf('later')?.kind, 'invalid');
  assert.deepEqual([valueOf('scalar')?.kind, valueOf('scalar')?.kind === 'string' && valueOf('scalar')], ['string', valueOf('s')]);
});

test('an alias that would nest past the nesting bound is left unexpanded, with the same finding', () => {
  const deep = (n: number, inner: string): string => '['.repeat(n) + inner + ']'.repeat(n);
  const step = Math.floor(MAX_NESTING / 3);
  const text = `a: &a ${deep(step, 'x')}\nb: &b ${deep(step, '*a')}\nc: &c ${deep(step, '*b')}\nd: ${deep(step, '*c')}\n`;
  const limits = parseYamlValue(text).errors.filter((e) => e.code === ALIAS_EXPANSION_LIMIT);
  assert.equal(limits.length, 1);
  assert.equal(limits[0].start, text.indexOf('*c'));
  assert.match(limits[0].message, new RegExp(`deeper than ${MAX_NESTING} levels`));
});

test('the budget is per event in an event document: two events of a list each get their own', () => {
  const half = aliasBomb(4, 9, '  ').replace(/^ {2}l0/, '- l0');
  assert.ok(walked(parseYamlValue(half.replace(/^- /, '')).root) * 2 > MAX_ALIASED_NODES, 'together they pass the bound');
  const text = `${half}${half}`;
  const lsp = service();
  const doc = lsp.parse(text, fileTypeOf('events/two.yml', text, defaultSettings, testCatalog())!) as EventDocument;
  assert.deepEqual(doc.events.map((e) => walked(e.root)), [8302, 8302], 'each event whole');
  const found = lsp.diagnostics(doc, 'events/two.yml');
  assert.deepEqual(found.filter((d) => d.code === ALIAS_EXPANSION_LIMIT || d.code === 'syntax-error'), []);
});

test('alias-expansion-limit is a code like any other: listed by the service, its severity and switch in the settings', () => {
  const lsp = service();
  assert.ok(lsp.rules().some((r) => r.code === ALIAS_EXPANSION_LIMIT && r.defaultSeverity === 'warning'));
  const { path, text } = bombFiles()[0];
  const type = fileTypeOf(path, text, defaultSettings, testCatalog())!;
  const codes = (settings: unknown): string[] => {
    const svc = new LanguageService(testCatalog(), mergeSettings(settings));
    return svc.diagnostics(svc.parse(text, type), path).filter((d) => d.code === ALIAS_EXPANSION_LIMIT).map((d) => d.severity);
  };
  assert.deepEqual(codes({ diagnostics: { severity: { [ALIAS_EXPANSION_LIMIT]: 'error' } } }), ['error']);
  assert.deepEqual(codes({ diagnostics: { disable: [ALIAS_EXPANSION_LIMIT] } }), []);
});
