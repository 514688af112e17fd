// A name gets the verdict of an event key with that name in every file kind: the name rules (features/rules/) judge a
// pipeline's written names, a mapping's declared names and a field definition file's names as they judge an event's
// keys. Each row is one name; each kind must give the codes the event gives, unless the kind's own rule says why (the
// exceptions below, each documented in docs/diagnostics.md or the kind's page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileType } from '../../server/src/document/fileType';
import { nameRules } from '../../server/src/features/rules';
import { LanguageService } from '../../server/src/service/languageService';
import { testCatalog } from '../helpers/featureFixture';

const service = new LanguageService(testCatalog());
const NAME_CODES = new Set(nameRules.map((r) => r.code));

/** The name rules' codes for `name` in a file of one kind, each once, sorted. */
function codesIn(kind: string, format: 'json' | 'yaml', file: string, text: string): string[] {
  const doc = service.parse(text, fileType(kind, format));
  return [...new Set(service.diagnostics(doc, file).map((d) => d.code).filter((c) => NAME_CODES.has(c)))].sort();
}

/** Nested objects for a dotted name, the leaf holding `leaf` (JSON). */
function nested(name: string, leaf: string): string {
  return name.split('.').reduceRight((inner, key) => `{${JSON.stringify(key)}: ${inner}}`, leaf);
}

/** A mapping declaring `name` as a keyword, nested under `properties` segment by segment. */
function properties(name: string): object {
  return name.split('.').reduceRight<object>((inner, key) => ({ properties: { [key]: inner } }), { type: 'keyword' });
}

const kinds: Record<string, (name: string) => string[]> = {
  'event key': (name) => codesIn('events', 'json', 'events/e.json',
    `{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, ${nested(name, '"x"').slice(1, -1)}}`),
  'pipeline write': (name) => codesIn('ingestPipeline', 'yaml', 'elasticsearch/ingest_pipeline/default.yml',
    `processors:\n  - set:\n      field: ${name}\n      value: x\non_failure:\n  - set:\n      field: event.kind\n      value: pipeline_error\n  - set:\n      field: error.message\n      value: "{{{_ingest.on_failure_message}}}"\n`),
  'mapping field': (name) => codesIn('mapping', 'json', 'component_templates/x.json', JSON.stringify({ template: { mappings: properties(name) } })),
  'field definition': (name) => codesIn('fieldDefinitions', 'yaml', 'fields/fields.yml', `- name: ${name}\n  type: keyword\n`),
};

// name -> the codes an event key gets (the reference), then per kind where it may differ and why.
const rows: Array<{ name: string; event: string[]; except?: Partial<Record<keyof typeof kinds, string[]>>; why?: string }> = [
  { name: 'source.ip', event: [] },
  { name: 'source.ipp', event: ['unknown-field'] },
  { name: 'rack', event: ['unnamespaced-custom-field'] },
  { name: 'Rack', event: [] },
  { name: 'acme.rackId', event: ['custom-name-style'] },
  { name: 'file.path', event: ['undefined-field-set'] },
  { name: 'related.ip', event: [] },
  { name: 'user_agent.original', event: [] },
  { name: 'ecs.version', event: ['foreign-meta-field'] },
  { name: 'labels.env.name', event: ['not-flat'] },
  {
    name: 'source.ip.addr', event: [],
    except: { 'pipeline write': ['unknown-field'], 'field definition': ['unknown-field'] },
    why: "below a leaf field: an event's key holds an object there and a mapping maps the leaf as one, which their type rules report; a name without a value or type of its own there is unknown-field",
  },
];

for (const row of rows) {
  test(`${row.name}: every kind gives an event key's verdict`, () => {
    for (const [kind, codes] of Object.entries(kinds)) {
      const expected = row.except?.[kind] ?? row.event;
      assert.deepEqual(codes(row.name), expected, `${kind}${row.except?.[kind] ? ` (${row.why})` : ''}`);
    }
  });
}
