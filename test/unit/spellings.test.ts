// The name rules judge a pipeline's written names once per spelling (features/spellings.ts) and give each finding to
// every place the name is written: the diagnostics must be those of a run over every written name, place for place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadProcessorTable } from '../../server/src/catalog/processors';
import { parsePipelineDocument } from '../../server/src/kinds/pipelines/pipelineDocument';
import { createRuleContext } from '../../server/src/kinds/events/eventDiagnostics';
import { writtenView } from '../../server/src/kinds/pipelines/pipelineViews';
import { nameFindings } from '../../server/src/features/names/spellings';
import { nameRules } from '../../server/src/features/findings';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { fuzzInputs } from '../fuzz/inputs';
import { testCatalog } from '../helpers/featureFixture';

const catalog = testCatalog();

test('a name written in several places gets its diagnostic at each of them; a once-per-file rule counts them all', () => {
  const text = `${JSON.stringify({
    processors: [
      { set: { field: 'source.addres', value: 'x' } },
      { grok: { field: 'message', patterns: ['%{IP:source.addres} %{WORD:ecs.version}'] } },
      { script: { source: "ctx.source.addres = 'y'; ctx.ecs.version = '1'" } },
      { set: { field: 'Vendor.field', value: 1 } },
      { set: { field: 'my-tool.x', value: 1 } },
      { set: { field: 'my-tool.y', value: 1 } },
    ],
  }, null, 2)}\n`;
  const service = new LanguageService(catalog);
  const file = 'elasticsearch/ingest_pipeline/default.json';
  const type = service.fileTypeOf(file, text, defaultSettings)!;
  const found = service.diagnostics(service.parse(text, type), file);
  const at = (code: string): string[] => found.filter((d) => d.code === code).map((d) => `${text.slice(d.start, d.end)}@${d.start}`);
  /** Where `name` stands in the text, each time. */
  const places = (name: string, within = name): string[] =>
    [...text.matchAll(new RegExp(within.replace(/[.-]/g, '\\$&'), 'g'))].map((m) => `${name}@${m.index + within.indexOf(name)}`);
  assert.deepEqual(at('unknown-field'), places('addres', 'source.addres'));
  assert.equal(at('unknown-field').length, 3);
  const foreign = found.filter((d) => d.code === 'foreign-meta-field');
  assert.equal(foreign.length, 1);
  assert.match(foreign[0].message, /\(2 times in this file\)$/);
  assert.deepEqual(at('custom-name-style'), places('my-tool'));
  assert.equal(at('custom-name-style').length, 2);
});

test('over the corpus and generated pipelines, each name rule finds per spelling what it finds over every written name', () => {
  const inputs = fuzzInputs(200_000).filter((i) => i.kind.label === 'pipeline');
  assert.ok(inputs.length > 5, `${inputs.length} pipelines`);
  const service = new LanguageService(catalog);
  let repeated = 0;
  for (const input of inputs) {
    const type = service.fileTypeOf(`${input.kind.folder}/default.${input.kind.extension}`, input.text, defaultSettings);
    assert.equal(type?.kind, 'ingestPipeline', input.name);
    const doc = parsePipelineDocument(input.text, type, loadProcessorTable());
    const env = { ...service.env(type.format, input.name), processors: loadProcessorTable() };
    const view = writtenView(doc);
    const ctx = createRuleContext(view, env);
    const everyName = nameRules.map((rule) => rule.check(ctx, ctx.env));
    assert.deepEqual(nameFindings(nameRules, view, env), everyName, input.name);
    // A finding on a name written more than once (the same message at several places): one that is given out.
    if (everyName.some((list) => new Set(list.map((f) => f.message)).size < list.length)) repeated++;
  }
  assert.ok(repeated > 0, 'some pipeline writes a name with a finding more than once');
});
