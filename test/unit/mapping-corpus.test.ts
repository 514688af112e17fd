// The schema family's own templates for this version (../shared/corpus/elastic-ecs/generated/elasticsearch), and the
// templates `fieldwise fields` prints, through the language service with the type detection gives them: every field
// they map that this schema defines gets no type finding and no other error or warning; the findings, by code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderComponentTemplates } from '../../server/src/cli/formats/componentTemplates';
import { renderIndexTemplate } from '../../server/src/cli/formats/indexTemplate';
import type { FwDiagnostic } from '../../server/src/features/types';
import { fileTypeOf } from '../../server/src/service/detect';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { testCatalog } from '../helpers/featureFixture';
import { readCorpus } from '../helpers/corpus';

const service = new LanguageService(testCatalog(), defaultSettings);
const ECS = 'elastic-ecs/generated/elasticsearch';

/** The type findings: none may fall on a field this schema defines with the type the family maps it as. */
const TYPE_CODES = new Set(['mapping-type-mismatch', 'unknown-mapping-type', 'schema-version-not-keyword', 'alias-type-mismatch', 'dynamic-template-type']);

function check(file: string, text: string): { kind: string | undefined; diagnostics: FwDiagnostic[] } {
  const type = fileTypeOf(file, text, defaultSettings, service.currentCatalog);
  if (!type) return { kind: undefined, diagnostics: [] };
  return { kind: type.kind, diagnostics: service.diagnostics(service.parse(text, type), file) };
}

/** `code severity` → count. */
function byCode(diagnostics: readonly FwDiagnostic[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of diagnostics) out[`${d.code} ${d.severity}`] = (out[`${d.code} ${d.severity}`] ?? 0) + 1;
  return out;
}

const cases: Array<{ file: string; findings: Record<string, number> }> = [
  // The legacy template maps ~1,100 fields; those of sets this schema names without defining get one hint per place
  // (agent, dns, related.hosts beyond the names the guidance uses, the group, vlan, elf, pe, x509 reuses, ...).
  { file: `${ECS}/7/template.json`, findings: { 'undefined-field-set hint': 29, 'foreign-meta-field warning': 1, 'deprecated-field information': 2, 'beta-field information': 2 } },
  // Its fields are in the component templates: nothing of its own to find.
  { file: `${ECS}/template.json`, findings: {} },
  { file: `${ECS}/component/source.json`, findings: { 'undefined-field-set hint': 1 } },
  { file: `${ECS}/component/dns.json`, findings: { 'undefined-field-set hint': 1 } },
  { file: `${ECS}/component/event.json`, findings: {} },
  { file: `${ECS}/component/ecs.json`, findings: { 'foreign-meta-field warning': 1 } },
];

describe('mapping corpus', () => {
  for (const c of cases) {
    test(`${c.file}: a mapping, its findings by code`, () => {
      const { kind, diagnostics } = check(c.file, readCorpus(c.file));
      assert.equal(kind, 'mapping');
      assert.deepEqual(byCode(diagnostics), c.findings);
      assert.deepEqual(diagnostics.filter((d) => TYPE_CODES.has(d.code)), []);
    });
  }

  test('the legacy template: ecs.version is the one foreign meta field, its deprecated fields information', () => {
    const file = `${ECS}/7/template.json`;
    const text = readCorpus(file);
    const { diagnostics } = check(file, text);
    const under = (code: string) => diagnostics.filter((d) => d.code === code).map((d) => text.slice(d.start, d.end));
    assert.deepEqual(under('foreign-meta-field'), ['ecs']);
    assert.deepEqual(diagnostics.filter((d) => d.severity === 'error'), []);
    assert.equal(under('deprecated-field').length, 2);
  });
});

test('fieldwise fields --format index-template: no error and no warning (the schema agrees with itself)', () => {
  const { kind, diagnostics } = check('template.json', renderIndexTemplate(testCatalog()));
  assert.equal(kind, 'mapping');
  assert.deepEqual(diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'), []);
  assert.deepEqual(Object.keys(byCode(diagnostics)).filter((k) => !k.endsWith('information') && !k.endsWith('hint')), []);
});

test('fieldwise fields --format component-templates: no error and no warning, every request a mapping', () => {
  const text = renderComponentTemplates(testCatalog());
  const { kind, diagnostics } = check('templates.console', text);
  assert.equal(kind, 'mapping');
  assert.deepEqual(diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'), []);
});
