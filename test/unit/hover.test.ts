// Hover as the user sees it: on any key (nested or dotted, per segment) or value, what the schema says about the path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentFormat } from '../../server/src/document/model';
import { hover } from '../../server/src/kinds/events/eventHover';
import { atCaret, featureEnv } from '../helpers/featureFixture';

interface Case {
  name: string;
  format: DocumentFormat;
  fixture: string;
  /** Text or patterns the hover must show; undefined: no hover at all. */
  shows?: Array<string | RegExp>;
  hides?: Array<string | RegExp>;
  /** The document text the hover range covers. */
  range?: string;
}

function check(c: Case): void {
  const at = atCaret(c.fixture, c.format);
  const result = hover(at.view, at.local, featureEnv(c.format));
  if (!c.shows) {
    assert.equal(result, undefined, `${c.name}: expected no hover, got ${result?.markdown}`);
    return;
  }
  assert.ok(result, `${c.name}: expected a hover`);
  for (const want of c.shows) {
    if (typeof want === 'string') assert.ok(result.markdown.includes(want), `${c.name}: ${JSON.stringify(want)} missing from\n${result.markdown}`);
    else assert.match(result.markdown, want, c.name);
  }
  for (const unwanted of c.hides ?? []) {
    if (typeof unwanted === 'string') assert.ok(!result.markdown.includes(unwanted), `${c.name}: ${JSON.stringify(unwanted)} should not show`);
    else assert.doesNotMatch(result.markdown, unwanted, c.name);
  }
  if (c.range !== undefined) assert.equal(at.event.text.slice(result.start, result.end), c.range, `${c.name}: hover range`);
}

const cases: Case[] = [
  {
    name: 'JSON nested key: full path, type, level badge, description and where geo may be nested',
    format: 'json',
    fixture: '{"source": {"geo": {"ci|ty_name": "Paris"}}}',
    shows: ['`source.geo.city_name`', '`keyword`', '**core**', 'City name', 'valid only nested', '`client.geo`', '`host.geo`', '`threat.indicator.geo`'],
    range: 'city_name',
  },
  {
    name: 'JSON dotted key, first segment: the object up to that segment',
    format: 'json',
    fixture: '{"sou|rce.geo.city_name": "Paris"}',
    shows: ['`source`', 'object', '**core**', 'field set `side`', '`destination`'],
    hides: ['city_name'],
    range: 'source',
  },
  {
    name: 'JSON dotted key, middle segment',
    format: 'json',
    fixture: '{"source.g|eo.city_name": "Paris"}',
    shows: ['`source.geo`', 'Geographic location', 'valid only nested'],
    range: 'geo',
  },
  {
    name: 'JSON dotted key, last segment',
    format: 'json',
    fixture: '{"source.geo.city_n|ame": "Paris"}',
    shows: ['`source.geo.city_name`', '`keyword`', '**core**'],
    range: 'city_name',
  },
  {
    name: 'JSON value: the field with its allowed values',
    format: 'json',
    fixture: '{"event": {"kind": "al|ert"}}',
    shows: ['`event.kind`', 'Allowed values: `alert`, `enrichment`, `event`, `metric`, `state`, `pipeline_error`, `signal`'],
    range: '"alert"',
  },
  {
    name: 'JSON array value: event.category is an array',
    format: 'json',
    fixture: '{"event": {"category": ["net|work"]}}',
    shows: ['`event.category`', '`keyword[]`', 'array', '`intrusion_detection`'],
    range: '"network"',
  },
  {
    name: 'recommended values of network.direction',
    format: 'json',
    fixture: '{"network": {"dir|ection": "inbound"}}',
    shows: ['Recommended values: `ingress`, `egress`, `inbound`, `outbound`, `internal`, `external`, `unknown`'],
    hides: ['Allowed values'],
  },
  {
    name: 'unknown field under a defined set names the closest defined fields',
    format: 'json',
    fixture: '{"source": {"pr|ot": 6}}',
    shows: ['`source.prot`', 'unknown field', '`source.port`'],
    range: 'prot',
  },
  {
    name: 'a name that breaks the naming rules gets the schema suggestion',
    format: 'json',
    fixture: '{"host": {"host_i|p": "10.0.0.1"}}',
    shows: ['unknown field', '`host.ip`'],
  },
  {
    name: 'custom fields are allowed',
    format: 'json',
    fixture: '{"nginx": {"access": {"ti|me": 1}}}',
    shows: ['`nginx.access.time`', 'custom field (not defined by the schema; allowed)'],
  },
  {
    name: 'capitalised custom field',
    format: 'json',
    fixture: '{"Vendor": {"Fi|eld": 1}}',
    shows: ['custom field (not defined by the schema; allowed)'],
  },
  {
    name: 'a set the schema names but does not define',
    format: 'json',
    fixture: '{"user_agent": {"ori|ginal": "curl/8"}}',
    shows: ['`user_agent.original`', 'names the field set `user_agent`', 'does not define'],
  },
  {
    name: 'open object: any key is accepted',
    format: 'json',
    fixture: '{"labels": {"e|nv": "prod"}}',
    shows: ['`labels.env`', 'open object', '`labels` accepts any key'],
  },
  {
    name: 'the open object itself',
    format: 'json',
    fixture: '{"lab|els": {"env": "prod"}}',
    shows: ['`labels`', '`object`', '**core**', 'Open object: accepts any key', 'must not be objects'],
  },
  {
    name: 'a nested-only set at the root says where it belongs',
    format: 'json',
    fixture: '{"ge|o": {"city_name": "Paris"}}',
    shows: ['not valid at the root', '`source.geo`'],
  },
  {
    name: 'multi-fields',
    format: 'json',
    fixture: '{"user": {"na|me": "alice"}}',
    shows: ['Multi-fields: `user.name.text` (text)', 'field set `user`', '`user.target`', '`source.user`'],
  },
  {
    name: 'pattern',
    format: 'json',
    fixture: '{"source": {"m|ac": "00-00-5E-00-53-23"}}',
    shows: ['Pattern:', 'RFC 7042'],
  },
  {
    name: 'bounds',
    format: 'json',
    fixture: '{"event": {"risk_score_n|orm": 50}}',
    shows: ['Range: 0 to 100', '`float`', '**extended**'],
  },
  {
    name: 'deprecation of a placement',
    format: 'json',
    fixture: '{"host": {"user": {"na|me": "alice"}}}',
    shows: ['**deprecated**', '**Deprecated**'],
  },
  {
    name: 'deprecation of a field',
    format: 'json',
    fixture: '{"log": {"orig|inal": "raw"}}',
    shows: ['**Deprecated**', 'event.original'],
  },
  {
    name: 'beta placement',
    format: 'json',
    fixture: '{"process": {"elf": {"ar|chitecture": "x86-64"}}}',
    shows: ['**Beta**'],
  },
  {
    name: 'custom-level field',
    format: 'json',
    fixture: '{"git": {"repo": {"na|me": "fieldwise"}}}',
    shows: ['`git.repo.name`', '**custom**'],
  },
  {
    name: 'no hover between keys',
    format: 'json',
    fixture: '{"event": {"kind": "alert",|  "outcome": "success"}}',
  },
  {
    name: 'NDJSON: second line',
    format: 'ndjson',
    fixture: '{"event": {"kind": "alert"}}\n{"source": {"p|ort": 443}}\n',
    shows: ['`source.port`', '`long`', '**core**'],
    range: 'port',
  },
  {
    name: 'YAML nested key',
    format: 'yaml',
    fixture: 'source:\n  geo:\n    ci|ty_name: Paris\n',
    shows: ['`source.geo.city_name`', '**core**'],
    range: 'city_name',
  },
  {
    name: 'YAML dotted key segment',
    format: 'yaml',
    fixture: 'source.ge|o.city_name: Paris\n',
    shows: ['`source.geo`', 'object'],
    range: 'geo',
  },
  {
    name: 'YAML value in a block sequence',
    format: 'yaml',
    fixture: 'event:\n  type:\n    - conn|ection\n',
    shows: ['`event.type`', 'Allowed values'],
    range: 'connection',
  },
  {
    name: 'YAML half-typed value without its key being finished still hovers the key',
    format: 'yaml',
    fixture: 'event:\n  ki|nd: \n',
    shows: ['`event.kind`'],
  },
];

for (const c of cases) test(c.name, () => check(c));

test('at every offset of half-typed documents: no crash, and a hover range always holds the caret', () => {
  const documents: Array<[DocumentFormat, string]> = [
    ['json', '{"@timestamp": "2024-05-01T00:00:00Z", "source": {"geo": {"ci'],
    ['json', '{"event": {"kind": "al, "category": ["network" "web"]}, "source.ge": 1, "labels": {"a": {"b": 1}}'],
    ['ndjson', '{"event": {"kind": "event"}}\n{"source": {"ip": "1.2.3.4", "ge\n'],
    ['yaml', 'event:\n  kind: al\n  category:\n    - net\n    -\nsource:\n  ge\n  geo:\n    ci\n"@timestamp": \n---\n- a\n'],
  ];
  for (const [format, text] of documents) {
    for (let offset = 0; offset <= text.length; offset++) {
      const at = atCaret(`${text.slice(0, offset)}|${text.slice(offset)}`, format);
      const result = hover(at.view, at.local, featureEnv(format));
      if (result) {
        assert.ok(result.start <= at.local && at.local <= result.end, `${format} at ${offset}: ${JSON.stringify(result)}`);
        assert.ok(result.markdown.length > 0);
      }
    }
  }
});
