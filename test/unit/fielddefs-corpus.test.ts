// The field definition files of the real-world corpus (../shared/corpus), through the language service with the type
// detection gives them: no crash, the findings file by file. The schema family's own Beats fields.ecs.yml for 1.11
// defines a superset of this schema: what it defines that this schema defines gets no type and no level finding, the
// rest gets the verdicts of event keys (undefined sets, nested-only sets at the root, the family's meta field).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadTypeCompatibility } from '../../server/src/catalog/typeCompatibility';
import type { FieldDefinitionsDocument } from '../../server/src/kinds/fieldDefinitions/fieldDefinitionsDocument';
import type { FwDiagnostic } from '../../server/src/features/types';
import { fileTypeOf } from '../../server/src/service/detect';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { testCatalog } from '../helpers/featureFixture';
import { corpusFiles, readCorpus } from '../helpers/corpus';

const service = new LanguageService(testCatalog(), defaultSettings);
const INTEGRATIONS = 'elastic-integrations/packages';

interface DefinitionsCase {
  file: string;
  /** Every finding, by code and count. */
  findings: Record<string, number>;
  /** Each finding whose code is not in `uncounted` as `code: the text it underlines`, and how many times. */
  underlined: Record<string, number>;
  /** Codes too many to list by text (the family's file names every set this schema leaves undefined). */
  uncounted?: string[];
}

const BEATS_ECS = 'elastic-ecs/generated/beats/fields.ecs.yml';

const files: DefinitionsCase[] = [
  {
    file: BEATS_ECS,
    // The groups at the root of sets this schema does not have (cloud, data_stream, ecs, organization, registry,
    // vulnerability) are namespaces: no unnamespaced-custom-field on them.
    // undefined-field-set: once per set placement (a set's verdict is the set's), not on each of its 177 names.
    findings: { 'beta-field': 58, 'deprecated-field': 11, 'foreign-meta-field': 1, 'nested-only': 10, 'undefined-field-set': 29 },
    uncounted: ['beta-field', 'undefined-field-set'],
    underlined: {
      // Sets the family places only nested, defined at the root of its file as templates of their placements.
      'nested-only: as': 1, 'nested-only: code_signature': 1, 'nested-only: elf': 1, 'nested-only: geo': 1, 'nested-only: hash': 1,
      'nested-only: interface': 1, 'nested-only: os': 1, 'nested-only: pe': 1, 'nested-only: vlan': 1, 'nested-only: x509': 1,
      'foreign-meta-field: ecs': 1,
      // host.user.* (a deprecated placement) and log.original.
      'deprecated-field: user.domain': 1, 'deprecated-field: user.email': 1, 'deprecated-field: user.full_name': 1, 'deprecated-field: user.group.domain': 1,
      'deprecated-field: user.group.id': 1, 'deprecated-field: user.group.name': 1, 'deprecated-field: user.hash': 1, 'deprecated-field: user.id': 1,
      'deprecated-field: user.name': 1, 'deprecated-field: user.roles': 1, 'deprecated-field: original': 1,
    },
  },
  {
    file: `${INTEGRATIONS}/aws/data_stream/cloudtrail/fields/ecs.yml`,
    // external: ecs names in sets this schema names but leaves undefined get an event key's verdict (a hint per set),
    // not an error: the package's CI stays green on them.
    findings: { 'foreign-meta-field': 1, 'undefined-field-set': 4 },
    underlined: {
      'foreign-meta-field: ecs.version': 1, 'undefined-field-set: file': 1, 'undefined-field-set: group': 1, 'undefined-field-set: related': 1,
      'undefined-field-set: user_agent': 1,
    },
  },
  {
    file: `${INTEGRATIONS}/nginx/data_stream/access/fields/ecs.yml`,
    findings: { 'foreign-meta-field': 1, 'undefined-field-set': 1, 'unknown-field': 1 },
    underlined: { 'foreign-meta-field: ecs.version': 1, 'undefined-field-set: user_agent': 1, 'unknown-field: offset': 1 },
  },
  {
    file: `${INTEGRATIONS}/okta/data_stream/system/fields/ecs.yml`,
    findings: { 'unknown-external-field': 3 },
    underlined: { 'unknown-external-field: device.id': 1, 'unknown-external-field: device.product.name': 1, 'unknown-external-field: entity.target.id': 1 },
  },
  {
    file: `${INTEGRATIONS}/suricata/data_stream/eve/fields/ecs.yml`,
    findings: { 'foreign-meta-field': 1, 'undefined-field-set': 4 },
    underlined: { 'foreign-meta-field: ecs.version': 1, 'undefined-field-set: file': 1, 'undefined-field-set: related': 1, 'undefined-field-set: tls.server.x509': 1, 'undefined-field-set: user_agent': 1 },
  },
  {
    // Its top-level `name: version` (host.os.version that lost its prefix) is a custom field outside a namespace.
    file: `${INTEGRATIONS}/system/data_stream/auth/fields/ecs.yml`,
    findings: { 'duplicate-definition': 1, 'foreign-meta-field': 1, 'undefined-field-set': 1, 'unnamespaced-custom-field': 1 },
    underlined: { 'duplicate-definition: host.hostname': 1, 'foreign-meta-field: ecs.version': 1, 'undefined-field-set: group': 1, 'unnamespaced-custom-field: version': 1 },
  },
  {
    file: `${INTEGRATIONS}/zeek/data_stream/dns/fields/ecs.yml`,
    findings: { 'foreign-meta-field': 1, 'undefined-field-set': 1 },
    underlined: { 'foreign-meta-field: ecs.version': 1, 'undefined-field-set: dns': 1 },
  },
];

function count(list: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of [...list].sort()) out[item] = (out[item] ?? 0) + 1;
  return out;
}

function checked(file: string): { text: string; doc: FieldDefinitionsDocument; diagnostics: FwDiagnostic[] } {
  const text = readCorpus(file);
  const type = fileTypeOf(file, text, defaultSettings, testCatalog());
  assert.equal(type?.kind, 'fieldDefinitions', 'not detected as field definitions');
  const doc = service.parse(text, type) as FieldDefinitionsDocument;
  return { text, doc, diagnostics: service.diagnostics(doc, file) };
}

describe('the corpus field definition files through the language service', () => {
  test('every fields/ecs.yml of the corpus is listed here', () => {
    const listed = new Set(files.map((c) => c.file));
    const pattern = new RegExp(`^${INTEGRATIONS}/[^/]+/data_stream/[^/]+/fields/ecs\\.yml$`);
    for (const file of corpusFiles('integration fields/ecs.yml files', (f) => pattern.test(f))) assert.ok(listed.has(file), `${file} is not listed`);
  });
  for (const c of files) {
    test(`${c.file}: findings by code, each one checked`, () => {
      const { text, diagnostics } = checked(c.file);
      assert.deepEqual(count(diagnostics.map((d) => d.code)), c.findings);
      const listed = diagnostics.filter((d) => !c.uncounted?.includes(d.code));
      assert.deepEqual(count(listed.map((d) => `${d.code}: ${text.slice(d.start, d.end)}`)), c.underlined);
    });
  }
  test('the family\'s fields.ecs.yml: every field this schema defines has the schema\'s type (or one the table accepts) and level', () => {
    const { doc } = checked(BEATS_ECS);
    const table = loadTypeCompatibility();
    let fields = 0;
    for (const item of doc.items) {
      const field = item.ref && testCatalog().lookup(item.ref.joinedPath);
      if (!field) continue;
      fields++;
      const type = item.type && String(item.type.value);
      if (type !== undefined) assert.equal(table.mapping(field.type, type)?.verdict, 'ok', `${field.path}: ${type} for ${field.type}`);
      if (item.level) assert.equal(item.level.value, field.level, field.path);
    }
    // Each of this schema's fields, at each of its placements the family's file writes out.
    assert.ok(fields > 400, `only ${fields} fields of this schema found`);
  });
});
