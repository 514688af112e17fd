// The files the fuzzers start from, per file kind the server knows: the real-world corpus, examples/ and generated
// events, pipelines, field definition files, mappings, console text holding a template and a pipeline, and Logstash
// pipeline configs.
// A new file kind is one more entry in FILE_KINDS (how to recognise its seed files and generate one).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { DocumentFormat } from '../../server/src/document/model';
import { loadCatalog } from '../../server/src/catalog';
import type { Catalog } from '../../server/src/catalog/types';
import { renderIndexTemplate } from '../../server/src/cli/formats/indexTemplate';
import { random } from '../../bench/generate';
import { generateFieldDefinitions, generateMapping } from '../../bench/generateMapping';
import { logstashConfig } from '../../bench/generateLogstash';
import { CORPUS, corpusFiles } from '../helpers/corpus';

// The bench's seeded generator: the same numbers for the same seed everywhere.
export { random };

export const REPO = resolve(__dirname, '../..');
const EXAMPLES = resolve(REPO, 'examples');

export interface FileKind {
  /** The document format the server parses it as. */
  format: DocumentFormat;
  /** The language id an editor opens it with. */
  languageId: string;
  /** The extension its test files get. */
  extension: string;
  /** The folder its test files go in, so that the server's default globs say what they are (`events/**`, `.../ingest_pipeline/*`, `.../fields/*`). */
  folder: string;
  /** A short name for reports: the format for event documents. */
  label: string;
  /** Seed files on disk that are this kind. */
  matches(file: string): boolean;
  /** A generated file of `events` events, the same for the same seed. */
  generate(seed: number, events: number): string;
}

export interface FuzzInput {
  /** Where it came from, for a failure message. */
  name: string;
  kind: FileKind;
  text: string;
}

/** An event with a little of everything the rules read: nested and dotted keys, lists, values good and bad. */
export function sampleEvent(rng: () => number, i: number): Record<string, unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  return {
    '@timestamp': new Date(1_700_000_000_000 + i * 1000).toISOString(),
    ecs: { version: '1.11.0' },
    event: { kind: pick(['event', 'alert', 'metric', 'evnt']), category: [pick(['network', 'authentication', 'process'])], type: ['connection'], duration: i * 1000 },
    source: { ip: pick(['10.0.0.1', '10.0.0.999', 'fe80::1']), port: pick([80, 443, 70000, '8080']), geo: { city_name: 'Paris', location: { lat: 48.8, lon: 2.3 } } },
    'destination.port': 53,
    host: { name: `host-${i}`, hostname: `host-${i}` },
    user: { name: pick(['alice', 'bob']), email: 'alice@example.com' },
    url: { full: 'https://example.com/a?b=c#d', domain: pick(['example.com', 'example.org']) },
    message: i % 3 ? `multi\nline ${i}` : `it's ${i} o'clock: "fine"`,
    tags: ['a', 'b c'],
    labels: { env: 'prod', 'dotted.key': true },
    custom_thing: { nested: i },
  };
}

export const FILE_KINDS: readonly FileKind[] = [
  {
    format: 'json', languageId: 'json', extension: 'json', folder: 'events', label: 'json',
    matches: (file) => extname(file) === '.json' && !otherKind(file),
    generate: (seed, events) => { const rng = random(seed); return JSON.stringify(Array.from({ length: events }, (_, i) => sampleEvent(rng, i)), null, 2); },
  },
  {
    format: 'ndjson', languageId: 'ndjson', extension: 'ndjson', folder: 'events', label: 'ndjson',
    matches: (file) => ['.ndjson', '.jsonl'].includes(extname(file)),
    generate: (seed, events) => { const rng = random(seed); return Array.from({ length: events }, (_, i) => JSON.stringify(sampleEvent(rng, i))).join('\n') + '\n'; },
  },
  {
    format: 'yaml', languageId: 'yaml', extension: 'yaml', folder: 'events', label: 'yaml',
    matches: (file) => ['.yml', '.yaml'].includes(extname(file)) && !otherKind(file),
    generate: (seed, events) => { const rng = random(seed); return stringify(Array.from({ length: events }, (_, i) => sampleEvent(rng, i))); },
  },
  {
    format: 'yaml', languageId: 'yaml', extension: 'yml', folder: 'elasticsearch/ingest_pipeline', label: 'pipeline',
    matches: (file) => PIPELINE_FILE.test(file),
    generate: (seed, processors) => { const rng = random(seed); return stringify(samplePipeline(rng, processors)); },
  },
  {
    format: 'yaml', languageId: 'yaml', extension: 'yml', folder: 'packages/fuzz/data_stream/log/fields', label: 'field definitions',
    matches: (file) => FIELD_DEFINITIONS_FILE.test(file),
    generate: (seed, units) => generateFieldDefinitions(schema(), seed, units),
  },
  {
    format: 'json', languageId: 'json', extension: 'json', folder: 'elasticsearch/index_templates', label: 'mapping',
    matches: (file) => MAPPING_FILE.test(file),
    generate: (seed, units) => generateMapping(schema(), seed, units),
  },
  {
    format: 'yaml', languageId: 'yaml', extension: 'yml', folder: 'modules.d', label: 'beats',
    matches: (file) => BEATS_FILE.test(file),
    generate: (seed, processors) => sampleBeats(random(seed), processors),
  },
  {
    // Every .conf file of the corpus is a Logstash pipeline; a unit is about one conditional block of the bench's config.
    format: 'logstash', languageId: 'logstash', extension: 'conf', folder: 'pipeline', label: 'logstash',
    matches: (file) => extname(file) === '.conf',
    generate: (seed, units) => logstashConfig(units * LOGSTASH_UNIT, seed).text,
  },
  {
    // Console text: the format is its bodies'; the kind of each body is its request's endpoint.
    format: 'json', languageId: 'es-console', extension: 'http', folder: 'console', label: 'console',
    matches: () => false,
    generate: (seed, units) => consoleText(seed, units),
  },
];

/** Characters of generated Logstash config per unit: a conditional block with a few filters. */
const LOGSTASH_UNIT = 700;

/** Ingest pipelines among the seed files: integration packages' and the ECS mapper's bare array. */
const PIPELINE_FILE = /\/ingest_pipeline\/[^/]+\.ya?ml$|elastic-ecs-mapper\/example\/elasticsearch\.json$/;
/** Field definition files among the seed files: integration packages' fields/ecs.yml and Beats' fields.ecs.yml. */
const FIELD_DEFINITIONS_FILE = /\/fields\/ecs\.yml$|\/fields\.ecs\.yml$/;
/** Beats configurations, Beats module configs and agent stream templates among the seed files. */
const BEATS_FILE = /(?:beat[^/]*|\/filebeat_inputs\/[^/]+|example\/beats)\.yml$|\/agent\/stream\/[^/]+\.yml\.hbs$|\/module\/[^/]+\/[^/]+\/config\/[^/]+\.yml$/;
/** The schema family's own templates: legacy, composable and component. */
const MAPPING_FILE = /\/elastic-ecs\/generated\/elasticsearch\/.*\.json$/;

/** Seed files of a kind other than event documents (the event kinds take every other .json or .yml). */
function otherKind(file: string): boolean {
  return PIPELINE_FILE.test(file) || FIELD_DEFINITIONS_FILE.test(file) || MAPPING_FILE.test(file) || BEATS_FILE.test(file) || /\/fields\/[^/]+\.yml$|\/fields\.yml$/.test(file);
}

let catalog: Catalog | undefined;
function schema(): Catalog {
  return (catalog ??= loadCatalog());
}

/** Kibana console text: per unit, an index template request and an ingest pipeline request. */
function consoleText(seed: number, units: number): string {
  const rng = random(seed);
  return Array.from({ length: units }, (_, i) =>
    `PUT _index_template/fuzz-${i}\n${generateMapping(schema(), seed + i, 1)}\nPUT _ingest/pipeline/fuzz-${i}\n${JSON.stringify(samplePipeline(rng, 3), null, 2)}\n`,
  ).join('\n');
}

/** A pipeline with a little of every reference form: options, grok and dissect captures, templates, painless. */
export function samplePipeline(rng: () => number, processors: number): Record<string, unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  const field = (): string => pick(['source.ip', 'source.port', 'event.kind', 'event.outcme', 'destination.address', 'vendor.thing', 'ecs.version', '_tmp.x']);
  const make = (i: number): Record<string, unknown> => pick([
    { set: { field: field(), value: pick(['alert', '{{source.ip}}', 42, 'evnt']), if: `ctx.${field().replace('.', '?.')} != null` } },
    { rename: { field: `raw_${i}`, target_field: field(), ignore_missing: true } },
    { grok: { field: 'message', patterns: [`%{IP:${field()}} %{NUMBER:source.bytes:long} %{WORD:${field()}}`], pattern_definitions: { X: '%{IP:client.ip}' } } },
    { dissect: { field: 'message', pattern: `%{${field()}} %{?skip} %{+message}` } },
    { convert: { field: field(), type: pick(['long', 'integer', 'boolean', 'ip']) } },
    { date: { field: 'ts', formats: ['ISO8601'], target_field: pick(['@timestamp', 'event.created', 'event.kind']) } },
    { script: { source: `ctx.${field()} = ctx['source']['ip']; ctx.remove('_tmp');` } },
    { remove: { field: [field(), '_tmp.x'], ignore_missing: true } },
    { foreach: { field: 'items', processor: { set: { field: '_ingest._value.x', value: 1 } } } },
    { grokk: { feild: 'x' } },
  ]);
  return {
    description: 'generated',
    processors: Array.from({ length: processors }, (_, i) => make(i)),
    on_failure: [{ set: { field: 'event.kind', value: 'pipeline_error' } }, { set: { field: 'error.message', value: '{{{_ingest.on_failure_message}}}' } }],
  };
}

/** A Beats configuration with a little of every reference form: inputs and their fields, options, conditions, dissect keys, a script, templates. */
export function sampleBeats(rng: () => number, processors: number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  const field = (): string => pick(['source.ip', 'source.port', 'event.kind', 'event.outcme', 'destination.address', 'vendor.thing', 'ecs.version', '_tmp.x']);
  const make = (i: number): string => pick([
    `- rename:\n    fields:\n      - from: raw_${i}\n        to: ${field()}\n    ignore_missing: true\n`,
    `- add_fields:\n    target: ${pick(['event', "''", 'labels'])}\n    fields:\n      kind: ${pick(['alert', 'evnt', '{{kind}}'])}\n      ${field()}: x\n`,
    `- convert:\n    fields:\n      - {from: raw_${i}, to: ${field()}, type: ${pick(['long', 'integr', 'ip', 'boolean'])}}\n`,
    `- dissect:\n    tokenizer: '%{${field()}} %{?skip} %{+message/2} %{${field()}|ip}'\n    target_prefix: ${pick(["''", 'dissect', 'message'])}\n`,
    `- drop_event.when.and:\n    - equals.${field()}: 1\n    - has_fields: [${field()}]\n`,
    `- if:\n    range.${field()}.gte: 400\n  then:\n    - add_tags:\n        tags: [x]\n  else:\n    drop_fields:\n      fields: [${field()}]\n`,
    `- script:\n    lang: javascript\n    source: |\n      function process(evt) {\n        evt.Put("${field()}", evt.Get("${field()}"));\n      }\n`,
    `- add_host_metadata:\n    netinfo.enabled: false\n    cache.tll: 5m\n`,
    `- add_feilds:\n    fields: {a: 1}\n`,
    `{{#if x}}\n- add_labels:\n    labels:\n      team: {{team}}\n{{/if}}\n`,
  ]);
  const list = Array.from({ length: processors }, (_, i) => make(i)).join('');
  return `filebeat.inputs:\n  - type: log\n    paths: [/var/log/*.log]\n    fields_under_root: true\n    fields:\n      service.name: web\n      event.severity: ${pick([3, '"high"'])}\n    processors:\n${list.replace(/^/gm, '      ').replace(/ +$/gm, '')}processors:\n${list}output.console:\n  pretty: true\n`;
}

export function kindOf(format: DocumentFormat): FileKind {
  const kind = FILE_KINDS.find((k) => k.label === format);
  if (!kind) throw new Error(`no file kind for the format '${format}' in test/fuzz/inputs.ts`);
  return kind;
}

/** Shown by its name in fast-check's reports (the whole text would bury the counterexample). */
function input(name: string, kind: FileKind, text: string): FuzzInput {
  return { name, kind, text, [fc.toStringMethod]: () => JSON.stringify(name) } as FuzzInput;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every seed input up to `maxChars`: corpus and example files of a known kind, and two generated files per kind. */
/** A file's name as regressions.json keeps it: `examples/...` in the repo, `shared/corpus/...` beside it, whatever the checkout's folder is called. */
function inputName(file: string): string {
  const inRepo = relative(REPO, file);
  return inRepo.startsWith('..') ? relative(resolve(REPO, '..'), file) : inRepo;
}

export function fuzzInputs(maxChars = Infinity): FuzzInput[] {
  const out: FuzzInput[] = [];
  const corpus = corpusFiles('files to start from').map((file) => join(CORPUS, file));
  for (const file of [...filesUnder(EXAMPLES), ...corpus]) {
    const kind = FILE_KINDS.find((k) => k.matches(file));
    if (kind && statSync(file).size <= maxChars) out.push(input(inputName(file), kind, readFileSync(file, 'utf8')));
  }
  for (const kind of FILE_KINDS) {
    for (const [seed, events] of [[1, 3], [2, 12]]) out.push(input(`generated ${kind.label} (seed ${seed}, ${events} units)`, kind, kind.generate(seed, events)));
  }
  // What `fieldwise fields --format index-template` prints: every schema field's mapping (about 100 KB).
  const mapping = FILE_KINDS.find((k) => k.label === 'mapping');
  if (mapping) out.push(input('fieldwise fields --format index-template', mapping, renderIndexTemplate(schema())));
  return out;
}
