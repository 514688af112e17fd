// What a Logstash config gives the workspace (kinds/logstash/logstashWorkspace.ts, docs/workspace.md): its field
// references with what it does with each, the rename of a field in every spelling Logstash has (a selector, a bare
// name, a sprintf template, a grok capture, a bareword hash key), its plugins' ids for the symbol search, and its
// links to an ingest pipeline and to the config whose pipeline input has a `send_to`'s address.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits } from '../../server/src/document/syntaxes/logstash';
import { fileType } from '../../server/src/document/fileType';
import type { RenameAnswer } from '../../server/src/features/types';
import { logstashKind } from '../../server/src/kinds/logstash/logstashKind';
import { parseLogstashDocument, type LogstashDocument } from '../../server/src/kinds/logstash/logstashDocument';
import { pipelineKind } from '../../server/src/kinds/pipelines/pipelineKind';

const CONFIG = [
  'input { pipeline { address => "orders_in" id => "orders_input" } }',
  'filter {',
  '  grok { id => "parse_orders" match => { "message" => "%{IP:[source][ip]} order %{WORD:[shop][order_id]} by %{WORD:clerk}" } }',
  '  mutate { add_field => { "[shop][order_ref]" => "%{[shop][order_id]}-%{message}" } copy => { message => "[shop][raw]" } }',
  '  if [shop][order_id] == "none" { mutate { remove_field => [ "[shop][order_id]", "[@metadata][tmp]" ] } }',
  '  geoip { source => "[source][ip]" target => "[shop][geo]" }',
  '}',
  'output {',
  '  elasticsearch { pipeline => "payment" id => "to_es" }',
  '  elasticsearch { pipeline => "%{[@metadata][pipeline]}" }',
  '  pipeline { send_to => ["orders_out", "audit"] }',
  '}',
  '',
].join('\n');

const parse = (text: string): LogstashDocument => parseLogstashDocument(text, fileType('logstash', 'logstash'));

function renamed(text: string, from: string, to: string): string {
  const answer: RenameAnswer = logstashKind.rename!(parse(text), from.split('.'), to.split('.'));
  assert.ok('edits' in answer, `renaming ${from} to ${to}: ${'refused' in answer ? answer.refused : ''}`);
  return applyEdits(text, answer.edits);
}

function refusal(text: string, from: string, to: string): string {
  const answer = logstashKind.rename!(parse(text), from.split('.'), to.split('.'));
  assert.ok('refused' in answer, `renaming ${from} to ${to} is refused`);
  return answer.refused;
}

describe('a Logstash config in the workspace', () => {
  test('references: every field it names with what it does there, the place its own text; [@metadata] left out', () => {
    const doc = parse(CONFIG);
    const refs = [...logstashKind.references!(doc)];
    // In the order Logstash runs them (mutate copies before it adds fields); geoip's default writes are below.
    const shown = refs.filter((r) => r.path.startsWith('shop.') && CONFIG.slice(r.start, r.end) !== 'geoip').map((r) => `${r.path} ${r.use}${r.removes ? ' removes' : ''} ${CONFIG.slice(r.start, r.end)}`);
    assert.deepEqual(shown, [
      'shop.order_id write shop][order_id',
      'shop.raw write shop][raw',
      'shop.order_ref write shop][order_ref',
      'shop.order_id read shop][order_id',
      'shop.order_id read shop][order_id',
      'shop.order_id read removes shop][order_id',
      'shop.geo write shop][geo',
    ]);
    // Each place, in file order of its kind: the capture, the sprintf, the selector, the removal.
    const orderId = refs.filter((r) => r.path === 'shop.order_id').sort((a, b) => a.start - b.start);
    assert.deepEqual(orderId.map((r) => `${r.use}${r.removes ? ' removes' : ''} ${CONFIG.slice(r.start, r.end)} at ${r.start}`), [
      `write shop][order_id at ${CONFIG.indexOf('shop][order_id]} by')}`,
      `read shop][order_id at ${CONFIG.indexOf('shop][order_id]}-')}`,
      `read shop][order_id at ${CONFIG.indexOf('shop][order_id] ==')}`,
      `read removes shop][order_id at ${CONFIG.indexOf('shop][order_id]", "')}`,
    ]);
    assert.ok(!refs.some((r) => r.path.startsWith('@metadata')), 'Logstash\'s scratch space is no event field');
    // geoip writes its fields below its target without naming them: placed on the plugin's name.
    const geo = refs.find((r) => r.path === 'shop.geo.geo.city_name');
    assert.ok(geo, 'a default write of geoip is a reference');
    assert.equal(CONFIG.slice(geo.start, geo.end), 'geoip');
    assert.equal(refs.find((r) => r.path === 'clerk')?.use, 'write', 'a bare grok capture writes');
  });

  test('rename rewrites a selector, a sprintf, a grok capture and a removal, each in its own form', () => {
    const after = renamed(CONFIG, 'shop.order_id', 'shop.order_number');
    assert.equal(after, CONFIG.replaceAll('[shop][order_id]', '[shop][order_number]'));
  });

  test('rename to a deeper path: bracketed runs grow, a bare name becomes [a][b] (a string where it was a bareword)', () => {
    assert.equal(renamed(CONFIG, 'shop.order_id', 'shop.order.id'), CONFIG.replaceAll('[shop][order_id]', '[shop][order][id]'));
    const message = renamed(CONFIG, 'message', 'event.original');
    assert.match(message, /match => \{ "\[event\]\[original\]" => /, 'the grok option\'s key');
    assert.match(message, /-%\{\[event\]\[original\]\}"/, 'inside the sprintf');
    assert.match(message, /copy => \{ "\[event\]\[original\]" => "\[shop\]\[raw\]" \}/, 'a bareword key becomes a string');
    assert.match(renamed(CONFIG, 'clerk', 'shop.clerk'), /%\{WORD:\[shop\]\[clerk\]\}/, 'a bare capture nests');
  });

  test('rename of a parent renames the target of a plugin that writes below it; the plugin\'s defaults follow it', () => {
    const after = renamed(CONFIG, 'shop', 'store');
    assert.equal(after, CONFIG.replaceAll('[shop]', '[store]'));
  });

  test('rename refuses what it cannot write: a name Logstash cannot hold, a literal column nested, a capture leaving its target', () => {
    assert.match(refusal(CONFIG, 'shop.order_id', 'shop.order]id'), /cannot be a name in a Logstash field reference/);
    const csv = 'filter { csv { columns => ["order_id", "total"] } }\n';
    assert.match(refusal(csv, 'order_id', 'shop.order_id'), /'order_id' names order_id in a form that cannot become shop\.order_id in place/);
    assert.equal(renamed(csv, 'order_id', 'order_number'), csv.replace('"order_id"', '"order_number"'), 'a column renamed keeps one name');
    const target = 'filter { grok { match => { "message" => "%{WORD:[id]}" } target => "[parsed]" } }\n';
    assert.match(refusal(target, 'parsed.id', 'other.id'), /parsed\.id is written under the target parsed of a grok/);
    assert.equal(renamed(target, 'parsed.id', 'parsed.order_id'), target.replace('%{WORD:[id]}', '%{WORD:[order_id]}'));
    assert.equal(renamed(target, 'parsed', 'fields'), target.replace('"[parsed]"', '"[fields]"'), 'the target renamed, its captures follow');
  });

  test('rename inside Ruby\'s event API and a dissect key, in place', () => {
    const ruby = 'filter { ruby { code => "event.set(\'[shop][total]\', event.get(\'[shop][order_id]\').to_s)" } dissect { mapping => { "message" => "%{[shop][order_id]} %{rest}" } } }\n';
    assert.equal(renamed(ruby, 'shop.order_id', 'shop.order_number'), ruby.replaceAll('[shop][order_id]', '[shop][order_number]'));
  });

  test('a dotted literal stays dotted', () => {
    const dotted = 'filter { mutate { add_field => { "shop.order_id" => "x" } } }\n';
    assert.equal(renamed(dotted, 'shop.order_id', 'shop.order_number'), dotted.replace('shop.order_id', 'shop.order_number'));
  });

  test('tags: every plugin id, named by plugin and section', () => {
    const tags = logstashKind.tags!(parse(CONFIG));
    assert.deepEqual(tags.map((t) => `${t.name} (${t.detail}) ${CONFIG.slice(t.start, t.end)}`), [
      'orders_input (pipeline input) "orders_input"',
      'parse_orders (grok filter) "parse_orders"',
      'to_es (elasticsearch output) "to_es"',
    ]);
  });

  test('links: an elasticsearch output\'s pipeline to the ingest pipeline, send_to to the pipeline input\'s address; templates name no file', () => {
    const doc = parse(CONFIG);
    assert.deepEqual(logstashKind.links!(doc).map((l) => `${l.namespace}: ${l.name} ${CONFIG.slice(l.start, l.end)}`), [
      'ingest pipeline: payment "payment"',
      'Logstash pipeline address: orders_out "orders_out"',
      'Logstash pipeline address: audit "audit"',
    ]);
    assert.deepEqual(logstashKind.answersTo!('logstash/orders.conf', doc), [{ namespace: 'Logstash pipeline address', name: 'orders_in' }]);
    // The ingest pipeline kind answers to the same namespace: a link from Logstash finds a pipeline file.
    assert.deepEqual(pipelineKind.answersTo!('elasticsearch/ingest_pipeline/payment.yml', undefined as never), [{ namespace: 'ingest pipeline', name: 'payment' }]);
  });
});
