// The ingest pipelines of the real-world corpus (../shared/corpus), through the language service with the type that
// detection gives them: no crash, the findings file by file, and the rules of issue 11 checked reference by reference:
// a written field gets the verdict the same name gets as an event key, a read name is a likely typo only inside a
// defined set (and not when the pipeline writes it itself), and temporary fields removed or renamed away are quiet.
// The corpus's event documents stay events, and Beats configs (whose `processors:` use Beats processors) are not pipelines.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NamedRef } from '../../server/src/document/fieldRefs';
import type { PipelineDocument } from '../../server/src/kinds/pipelines/pipelineDocument';
import { rules } from '../../server/src/kinds/events/eventDiagnostics';
import type { FwDiagnostic } from '../../server/src/features/types';
import { fileTypeOf } from '../../server/src/service/detect';
import { matchesAny } from '../../server/src/features/fileSettings';
import { isPipeline } from '../../server/src/kinds/pipelines/pipelineDocument';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { testCatalog } from '../helpers/featureFixture';
import { parseEvents } from '../helpers/events';
import { readCorpus } from '../helpers/corpus';

const service = new LanguageService(testCatalog(), defaultSettings);

const INTEGRATIONS = 'elastic-integrations/packages';

interface PipelineCase {
  file: string;
  /** Whether fieldwise.files.pipelines' default globs take the file by its path (content decides for the others). */
  byPath: boolean;
  /** Every finding, by code and count. */
  findings: Record<string, number>;
  /** Each finding as `code: the text it underlines`, and how many times. */
  underlined: Record<string, number>;
  /** The fields the pipeline writes and removes or renames away later (temporary): never reported. */
  temporary: string[];
}

const pipelines: PipelineCase[] = [
  {
    file: `${INTEGRATIONS}/nginx/data_stream/access/elasticsearch/ingest_pipeline/default.yml`, byPath: true,
    findings: { 'foreign-meta-field': 1, 'no-failure-handler': 1, 'undefined-field-set': 1 },
    underlined: { 'foreign-meta-field: ecs.version': 1, 'no-failure-handler: processors': 1, 'undefined-field-set: user_agent': 1 },
    temporary: ['_tmp.url_orig', 'event.original', 'nginx.access.info', 'nginx.access.time', 'source.address'],
  },
  {
    file: `${INTEGRATIONS}/zeek/data_stream/dns/elasticsearch/ingest_pipeline/default.yml`, byPath: true,
    findings: { 'foreign-meta-field': 1, 'undefined-field-set': 19 },
    underlined: { 'foreign-meta-field: ecs.version': 1, 'undefined-field-set: dns': 19 },
    temporary: ['_temp_'],
  },
  {
    file: `${INTEGRATIONS}/system/data_stream/auth/elasticsearch/ingest_pipeline/default.yml`, byPath: true,
    findings: { 'foreign-meta-field': 1, 'no-failure-handler': 1, 'undefined-field-set': 3 },
    underlined: { 'foreign-meta-field: ecs.version': 1, 'no-failure-handler: processors': 1, 'undefined-field-set: group': 3 },
    temporary: ['_temp.byuid', '_temp.byuser', '_temp.foruser', 'system.auth.message', 'system.auth.timestamp'],
  },
  {
    file: `${INTEGRATIONS}/suricata/data_stream/eve/elasticsearch/ingest_pipeline/default.yml`, byPath: true,
    findings: { 'convert-type-mismatch': 2, 'foreign-meta-field': 1, 'no-failure-handler': 1, 'undefined-field-set': 10 },
    underlined: {
      // convert to integer into source.port and destination.port, long fields: a warning (the type table).
      'convert-type-mismatch: integer': 2, 'foreign-meta-field: ecs.version': 1, 'no-failure-handler: processors': 1,
      'undefined-field-set: dns': 1, 'undefined-field-set: file': 3, 'undefined-field-set: threat': 5, 'undefined-field-set: user_agent': 1,
    },
    // suricata.eve.app_proto: lowercased in place, removed at the end.
    temporary: ['_tmp_.created_at', '_tmp_.updated_at', 'event.original', 'suricata.eve.alert.action', 'suricata.eve.app_proto'],
  },
  {
    file: `${INTEGRATIONS}/aws/data_stream/cloudtrail/elasticsearch/ingest_pipeline/default.yml`, byPath: true,
    findings: { 'foreign-meta-field': 1, 'no-failure-handler': 1, 'undefined-field-set': 6 },
    underlined: {
      'foreign-meta-field: ecs.version': 1, 'no-failure-handler: processors': 1,
      'undefined-field-set: file': 2, 'undefined-field-set: group': 2, 'undefined-field-set: related': 1, 'undefined-field-set: user_agent': 1,
    },
    temporary: [
      'aws.cloudtrail.digest.end_time', 'aws.cloudtrail.digest.log_files', 'aws.cloudtrail.digest.newest_event_time', 'aws.cloudtrail.digest.oldest_event_time',
      'aws.cloudtrail.digest.previous_hash_algorithm', 'aws.cloudtrail.digest.previous_s3_bucket', 'aws.cloudtrail.digest.public_key_fingerprint',
      'aws.cloudtrail.digest.s3_bucket', 'aws.cloudtrail.digest.signature_algorithm', 'aws.cloudtrail.digest.start_time', 'aws.cloudtrail.insight_details',
      'event.original', 'json', 'json.resources',
    ],
  },
  {
    file: `${INTEGRATIONS}/okta/data_stream/system/elasticsearch/ingest_pipeline/default.yml`, byPath: true,
    // custom-name-style: the json processor decodes `...flattened.logOnlySecurityData` in place, a written custom name in camel case.
    findings: { 'custom-name-style': 1, 'foreign-meta-field': 1, 'no-failure-handler': 1, 'set-value-invalid': 2, 'undefined-field-set': 3 },
    underlined: {
      'foreign-meta-field: ecs.version': 1, 'no-failure-handler: processors': 1, 'undefined-field-set: user.target.group': 2, 'undefined-field-set: user_agent': 1,
      // `event.type: network` (a category, not a type, in this schema's allowed values).
      'set-value-invalid: network': 2,
      'custom-name-style: logOnlySecurityData': 1,
    },
    temporary: [
      '_behaviors_object', '_risk_object', '_risk_object.level', '_risk_object.reasons', 'event.original', 'json',
      'okta.debug_context.debug_data.flattened.behaviors', 'okta.debug_context.debug_data.flattened.risk', 'okta.debug_context.debug_data.flattened.risk_object',
      'okta.outcome.result_lower', 'okta_target_group', 'okta_target_user',
    ],
  },
  {
    file: 'elastic-ecs-mapper/example/elasticsearch.json', byPath: false,
    findings: { 'convert-type-mismatch': 1, 'unnamespaced-custom-field': 2 },
    underlined: {
      // event.duration (a long) converted to float: 24 bits of precision, an error in the type table.
      'convert-type-mismatch: "float"': 1, 'unnamespaced-custom-field: destination_timestamp': 1, 'unnamespaced-custom-field: timestamp': 1,
    },
    temporary: [],
  },
];

// ---------------------------------------------------------------- the oracle: the same names as event keys

/** The name rules (event-key verdicts a pipeline's written names get) and the ones that speak once per file. */
const NAME_CODES = new Set(rules.filter((r) => r.scope === 'name').map((r) => r.code));
const PER_FILE = new Set(rules.filter((r) => r.perFile).map((r) => r.code));


/** Event documents as the probe writes them: one dotted key, the spelling a pipeline uses (dotted keys allowed). */
const probe = new LanguageService(testCatalog(), { ...defaultSettings, events: { allowDottedKeys: true } });
const verdicts = new Map<string, string[]>();

/**
 * The findings an event document `{"<path>": "x"}` gets on its key (not on its value, nor the document's missing
 * fields) through the same service: `code@segment`, the segment of the path the finding starts on.
 */
function eventVerdict(path: readonly string[]): string[] {
  const joined = path.join('.');
  const known = verdicts.get(joined);
  if (known) return known;
  const text = `{${JSON.stringify(joined)}: "x"}\n`;
  const starts: number[] = [];
  path.reduce((at, name) => (starts.push(at), at + name.length + 1), 2);
  const out = probe.diagnostics(parseEvents(probe, text, 'json'), 'events/probe.json')
    .filter((d) => NAME_CODES.has(d.code) && starts.includes(d.start))
    .map((d) => `${d.code}@${starts.indexOf(d.start)}`)
    .sort();
  verdicts.set(joined, out);
  return out;
}

function open(file: string): { text: string; doc: PipelineDocument; diagnostics: FwDiagnostic[] } {
  const text = readCorpus(file);
  const type = fileTypeOf(file, text, defaultSettings, service.currentCatalog);
  assert.equal(type?.kind, 'ingestPipeline', `${file} is detected as an ingest pipeline`);
  const doc = service.parse(text, type);
  assert.ok(isPipeline(doc));
  return { text, doc, diagnostics: service.diagnostics(doc, file) };
}

/** A field the pipeline writes and later removes or renames away (it, or an object above it). */
function temporary(doc: PipelineDocument, ref: NamedRef): boolean {
  return doc.refs.some((later) => later.segments[0].start > ref.segments[0].start
    && (later.detail.removes === true || (later.detail.processor === 'rename' && later.detail.option === 'field'))
    && (ref.joinedPath === later.joinedPath || ref.joinedPath.startsWith(`${later.joinedPath}.`)));
}

/**
 * The pipeline writes this name, an object above it (`geoip` into `source.as`, read later as `source.as.asn`), or a
 * field below it (which makes it).
 */
function ownName(doc: PipelineDocument, path: readonly string[]): boolean {
  const joined = path.join('.');
  return doc.refs.some((r) => r.access === 'write' && (r.joinedPath === joined || r.joinedPath.startsWith(`${joined}.`) || joined.startsWith(`${r.joinedPath}.`)));
}

interface Expected {
  /** `code@segment` per reference start (the processor's name for a default target: `code` only). */
  atStart: Map<number, Set<string>>;
  /** The per-file codes and the reference starts where they may stand. */
  perFile: Map<string, Set<number>>;
}

/** What the issue's rules say each reference of the pipeline gets. */
function expected(doc: PipelineDocument): Expected {
  const atStart = new Map<number, Set<string>>();
  const perFile = new Map<string, Set<number>>();
  for (const ref of doc.refs) {
    const start = ref.segments[0].start;
    const here = atStart.get(start) ?? new Set<string>();
    atStart.set(start, here);
    const verdict = eventVerdict(ref.path);
    const strip = (v: string): string => (ref.detail.implied ? v.replace(/@\d+$/, '') : v);
    if (ref.access === 'write') {
      if (temporary(doc, ref)) continue;
      for (const v of verdict) {
        const code = v.replace(/@\d+$/, '');
        if (PER_FILE.has(code)) perFile.set(code, (perFile.get(code) ?? new Set()).add(start));
        else here.add(strip(v));
      }
    } else if (!ref.detail.removes && !ownName(doc, ref.path)) {
      for (const v of verdict) if (v.startsWith('unknown-field@')) here.add(strip(v.replace('unknown-field', 'unknown-read-field')));
    }
  }
  return { atStart, perFile };
}

/** What the service reported on each reference start: the name rules' codes and unknown-read-field. */
function actual(doc: PipelineDocument, diagnostics: readonly FwDiagnostic[]): { atStart: Map<number, Set<string>>; perFile: Map<string, number[]> } {
  const atStart = new Map<number, Set<string>>();
  const perFile = new Map<string, number[]>();
  for (const d of diagnostics) {
    if (!NAME_CODES.has(d.code) && d.code !== 'unknown-read-field') continue;
    if (PER_FILE.has(d.code)) {
      perFile.set(d.code, [...(perFile.get(d.code) ?? []), d.start]);
      continue;
    }
    const refs = doc.refs.filter((r) => r.segments.some((s) => s.start === d.start));
    assert.ok(refs.length > 0, `${d.code} at ${d.start} stands on no reference's segment: ${d.message}`);
    for (const ref of refs) {
      const start = ref.segments[0].start;
      const segment = ref.segments.findIndex((s) => s.start === d.start);
      const here = atStart.get(start) ?? new Set<string>();
      atStart.set(start, here.add(ref.detail.implied ? d.code : `${d.code}@${segment}`));
    }
  }
  return { atStart, perFile };
}

function countBy(diagnostics: readonly FwDiagnostic[], key: (d: FwDiagnostic) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of diagnostics) out[key(d)] = (out[key(d)] ?? 0) + 1;
  return out;
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

describe('the corpus pipelines through the language service', () => {
  for (const c of pipelines) {
    const name = c.file.replace(`${INTEGRATIONS}/`, '');
    test(`${name}: detected as an ingest pipeline by ${c.byPath ? 'path and by content' : 'content'}`, () => {
      const text = readCorpus(c.file);
      const byPath = fileTypeOf(c.file, text, defaultSettings, service.currentCatalog);
      assert.equal(byPath?.kind, 'ingestPipeline');
      // By content alone: the same text under a name no glob takes.
      const untitled = `notes/untitled.${c.file.endsWith('.json') ? 'json' : 'yml'}`;
      assert.equal(fileTypeOf(untitled, text, defaultSettings, service.currentCatalog)?.kind, 'ingestPipeline');
      assert.equal(matchesAny(defaultSettings.files.pipelines, c.file), c.byPath);
    });

    test(`${name}: findings by code, each one checked`, () => {
      const { text, diagnostics } = open(c.file);
      assert.deepEqual(countBy(diagnostics, (d) => d.code), c.findings);
      assert.deepEqual(countBy(diagnostics, (d) => `${d.code}: ${text.slice(d.start, d.end)}`), c.underlined);
    });

    test(`${name}: written names get the verdicts of event keys, reads the read rule, temporary fields nothing`, () => {
      const { text, doc, diagnostics } = open(c.file);
      const want = expected(doc);
      const got = actual(doc, diagnostics);
      for (const start of new Set([...want.atStart.keys(), ...got.atStart.keys()])) {
        const ref = doc.refs.find((r) => r.segments[0].start === start);
        const where = `line ${lineOf(text, start)}: ${ref?.access} ${ref?.joinedPath} (${ref?.detail.processor}.${ref?.detail.option ?? 'default target'})`;
        assert.deepEqual([...(got.atStart.get(start) ?? [])].sort(), [...(want.atStart.get(start) ?? [])].sort(), where);
      }
      for (const code of new Set([...want.perFile.keys(), ...got.perFile.keys()])) {
        const at = got.perFile.get(code) ?? [];
        assert.equal(at.length, 1, `${code}: once per file`);
        assert.ok(want.perFile.get(code)?.has(at[0]), `${code} stands on a name that gets it as an event key`);
      }
      const temp = [...new Set(doc.refs.filter((r) => r.access === 'write' && temporary(doc, r)).map((r) => r.joinedPath))].sort();
      assert.deepEqual(temp, c.temporary);
    });
  }
});

// ---------------------------------------------------------------- what is not a pipeline

const EVENTS = [
  `${INTEGRATIONS}/nginx/data_stream/access/sample_event.json`,
  `${INTEGRATIONS}/nginx/data_stream/access/_dev/test/pipeline/test-test-with-host.log-expected.json`,
  `${INTEGRATIONS}/zeek/data_stream/dns/sample_event.json`,
  `${INTEGRATIONS}/zeek/data_stream/dns/_dev/test/pipeline/test-dns.log-expected.json`,
  `${INTEGRATIONS}/system/data_stream/auth/sample_event.json`,
  `${INTEGRATIONS}/system/data_stream/auth/_dev/test/pipeline/test-sudo-no-tty.log-expected.json`,
  `${INTEGRATIONS}/suricata/data_stream/eve/sample_event.json`,
  `${INTEGRATIONS}/suricata/data_stream/eve/_dev/test/pipeline/test-eve-tls-empty-subject.log-expected.json`,
  `${INTEGRATIONS}/aws/data_stream/cloudtrail/sample_event.json`,
  `${INTEGRATIONS}/aws/data_stream/cloudtrail/_dev/test/pipeline/test-console-login-json.log-expected.json`,
  `${INTEGRATIONS}/okta/data_stream/system/sample_event.json`,
  'elastic-beats/filebeat/module/nginx/access/test/test.log-expected.json',
  'elastic-beats/filebeat/module/system/auth/test/timestamp.log-expected.json',
];

describe('the corpus event documents stay events', () => {
  for (const file of EVENTS) {
    test(`${file.replace(`${INTEGRATIONS}/`, '')}: an event document by path, never a pipeline by content`, () => {
      const text = readCorpus(file);
      assert.equal(fileTypeOf(file, text, defaultSettings, service.currentCatalog)?.kind, 'events');
      assert.notEqual(fileTypeOf('notes/untitled.json', text, defaultSettings, service.currentCatalog)?.kind, 'ingestPipeline');
    });
  }
});

/** A Beats config whose processors are all ones that Elasticsearch's ingest has too, with Beats' options (`fields: [{from, to}]`). */
const BEATS_ONLY_SHARED_NAMES = 'processors:\n- rename:\n    fields:\n    - from: srcport\n      to: source.port\n    ignore_missing: true\n    fail_on_error: false\n- convert:\n    fields:\n    - from: source.port\n      type: long\n    ignore_missing: true\n';

const beatsConfigs: Array<{ name: string; file: string; text?: string }> = [
  { name: 'the ECS mapper\'s Beats processors', file: 'elastic-ecs-mapper/example/beats.yml' },
  { name: 'a full filebeat.yml (processors inside inputs and beside Beats settings)', file: 'elastic-ecs-mapper/example/beats/filebeat.yml' },
  { name: 'Beats processors named like ingest ones (rename, convert) with Beats options', file: 'beats/processors.yml', text: BEATS_ONLY_SHARED_NAMES },
  { name: 'the same beside Beats settings', file: 'filebeat.yml', text: `filebeat.inputs:\n- type: log\n  paths: [a.log]\noutput.console:\n  pretty: true\n${BEATS_ONLY_SHARED_NAMES}` },
];

test('a pipeline being typed, with a typo in an option, is still a pipeline by content', () => {
  const typed = [
    '{"description": "x", "processors": [{"set": {"feild": "event.kind"}}]}',
    '{"processors": [{"set": {"field": "event.kind", "value": "x"}}, {"rename": {"field": "a", "target_field": "b"}}, {"set": {"feild": "x"}}]}',
  ];
  for (const text of typed) assert.equal(fileTypeOf('notes/untitled.json', text, defaultSettings, service.currentCatalog)?.kind, 'ingestPipeline', text);
});

describe('Beats configs are not ingest pipelines', () => {
  for (const c of beatsConfigs) {
    test(c.name, () => {
      const text = c.text ?? readCorpus(c.file);
      assert.notEqual(fileTypeOf(c.file, text, defaultSettings, service.currentCatalog)?.kind, 'ingestPipeline');
      assert.notEqual(fileTypeOf('notes/untitled.yml', text, defaultSettings, service.currentCatalog)?.kind, 'ingestPipeline');
    });
  }
});
