// Level badges in the text: after each key the schema knows, its level; nothing after unknown, custom or open keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalog } from '../../server/src/catalog';
import type { DocumentFormat } from '../../server/src/document/model';
import { eventAt, parseEventDocument } from '../../server/src/kinds/events/eventDocument';
import { EventView } from '../../server/src/document/fieldRefs';
import { inlayHints } from '../../server/src/kinds/events/eventHints';
import { LanguageService } from '../../server/src/service/languageService';
import { mergeSettings } from '../../server/src/service/settings';
import { featureEnv } from '../helpers/featureFixture';
import { parseEvents } from '../helpers/events';

interface Case {
  name: string;
  format: DocumentFormat;
  /** The document; an optional `[[` ... `]]` pair marks the requested range. */
  fixture: string;
  /** Each hint as `key → label`, in document order; the key is the text right before the hint (quotes dropped). */
  hints: string[];
  /** Text the tooltip of the first hint must contain. */
  tooltip?: string;
}

/** The key text that ends at `offset`: `"source"` -> source, `source.geo.city_name` as written. */
function keyBefore(text: string, offset: number): string {
  const match = /"?([^"\s{},:[\]-][^"\s{},:]*)"?$/.exec(text.slice(0, offset));
  return match ? match[1] : `<nothing at ${offset}>`;
}

function check(c: Case): void {
  const open = c.fixture.indexOf('[[');
  const text = c.fixture.replace('[[', '').replace(']]', '');
  const range = open < 0 ? { start: 0, end: text.length } : { start: open, end: c.fixture.indexOf(']]') - 2 };
  const doc = parseEventDocument(text, c.format);
  const env = featureEnv(c.format);
  const seen: string[] = [];
  const tooltips: string[] = [];
  for (const slice of doc.events) {
    const local = { start: range.start - slice.start, end: range.end - slice.start };
    for (const hint of inlayHints(new EventView(slice), local, env)) {
      seen.push(`${keyBefore(slice.text, hint.offset)} → ${hint.label}`);
      tooltips.push(hint.tooltip ?? '');
    }
  }
  assert.deepEqual(seen, c.hints, c.name);
  if (c.tooltip) assert.ok(tooltips[0].includes(c.tooltip), `${c.name}: tooltip ${tooltips[0]}`);
}

const cases: Case[] = [
  {
    name: 'JSON nested: fields and intermediate objects, core and extended',
    format: 'json',
    fixture: '{"@timestamp": "2024-05-01T00:00:00Z", "source": {"geo": {"city_name": "Paris"}, "address": "a"}}',
    hints: ['@timestamp → core', 'source → core', 'geo → core', 'city_name → core', 'address → extended'],
    tooltip: 'date',
  },
  {
    name: 'JSON: unknown, custom, open and nested-only keys get no badge',
    format: 'json',
    fixture: '{"source": {"prot": 6}, "nginx": {"access": 1}, "labels": {"env": "x"}, "geo": {"city_name": "x"}}',
    hints: ['source → core', 'labels → core'],
  },
  {
    name: 'JSON dotted key: one badge for the full path',
    format: 'json',
    fixture: '{"source.geo.city_name": "Paris", "event.risk_score_norm": 1}',
    hints: ['source.geo.city_name → core', 'event.risk_score_norm → extended'],
    tooltip: 'keyword · core',
  },
  {
    name: 'custom level: git is custom through and through',
    format: 'json',
    fixture: '{"git": {"repo": {"name": "fieldwise"}}}',
    hints: ['git → custom', 'repo → custom', 'name → custom'],
  },
  {
    name: 'only keys inside the requested range',
    format: 'json',
    fixture: '{"event": {"kind": "event", [["outcome": "success"]], "type": ["info"]}}',
    hints: ['outcome → core'],
  },
  {
    name: 'NDJSON: every line',
    format: 'ndjson',
    fixture: '{"event": {"kind": "event"}}\n{"http": {"version": "1.1"}}\n',
    hints: ['event → core', 'kind → core', 'http → extended', 'version → extended'],
  },
  {
    name: 'YAML: nested and dotted',
    format: 'yaml',
    fixture: 'event:\n  kind: event\nsource.port: 443\nuser:\n  target:\n    name: bob\n',
    hints: ['event → core', 'kind → core', 'source.port → core', 'user → core', 'target → core', 'name → core'],
  },
  {
    name: 'YAML: half-typed key without a colon gets nothing, the rest still does',
    format: 'yaml',
    fixture: 'event:\n  kind: event\n  outc\n',
    hints: ['event → core', 'kind → core'],
  },
  {
    name: 'an array of objects inside a set the schema leaves undefined: badges only on the placements it defines',
    format: 'json',
    fixture: '{"threat": {"enrichments": [{"indicator": {"ip": "1.2.3.4", "geo": {"city_name": "Paris"}}}]}}',
    hints: ['enrichments → core', 'indicator → core', 'geo → core', 'city_name → core'],
  },
];

for (const c of cases) test(c.name, () => check(c));

test('the hint sits right after the key token, before the colon', () => {
  const text = '{"event": {"kind": "event"}}';
  const doc = parseEventDocument(text, 'json');
  const hints = inlayHints(new EventView(eventAt(doc, 0)), { start: 0, end: text.length }, featureEnv('json'));
  assert.deepEqual(hints.map((h) => text.slice(h.offset, h.offset + 1)), [':', ':']);
});

test('fieldwise.inlayHints.enabled false turns the badges off', () => {
  const catalog = loadCatalog();
  const text = '{"event": {"kind": "event"}}';
  const on = new LanguageService(catalog, mergeSettings({}));
  const off = new LanguageService(catalog, mergeSettings({ inlayHints: { enabled: false } }));
  const doc = parseEvents(on, text, 'json');
  assert.equal(on.inlayHints(doc, 'events/a.json', { start: 0, end: text.length }).length, 2);
  assert.deepEqual(off.inlayHints(doc, 'events/a.json', { start: 0, end: text.length }), []);
});
