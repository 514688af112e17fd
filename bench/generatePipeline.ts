// The bench's ingest pipeline (issue 11): a generated pipeline of about 1 MB, JSON, seeded so every run sees the same
// text. Thousands of processors of many kinds (set, rename, grok with patterns and pattern_definitions, dissect,
// convert, date, remove, script with a painless `if` and `source`, foreach, processor-level on_failure lists),
// writing schema fields read from vendor names (`fortinet.firewall.*`, ...), with a few unknown names in defined
// sets. Also the positions where the bench asks for completion and hover, by kind of site (PIPELINE_PROBE_KINDS: the
// probe's `depth` is the kind's index), and the edit it makes.
import type { Catalog, FieldDefinition } from '../server/src/catalog/types';
import { BenchDocument, Probe, random } from './generate';

/** Kinds of probe site inside the pipeline; a probe's `depth` is its kind's index here. */
export const PIPELINE_PROBE_KINDS = ['field value', 'grok pattern', 'mustache', 'painless'] as const;

type Rng = () => number;
type Json = Record<string, unknown>;

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

export const vendors = ['fortinet.firewall', 'cisco.asa', 'paloalto.panos', 'zscaler.zia', 'okta.system', 'crowdstrike.falcon', 'azure.signinlogs'];
export const vendorLeaves = ['action', 'srcip', 'dstip', 'srcport', 'dstport', 'sessionid', 'policyid', 'devname', 'msg', 'level', 'duration', 'sentbyte', 'rcvdbyte', 'user', 'app', 'proto'];
const numeric = new Set<string>(['long', 'integer', 'float', 'half_float', 'scaled_float']);
const convertType: Record<string, string> = {
  long: 'long', integer: 'integer', float: 'float', half_float: 'float', scaled_float: 'float', ip: 'ip', boolean: 'boolean', keyword: 'string',
};
const grokFor = (rng: Rng, f: FieldDefinition): string => {
  if (f.type === 'ip') return 'IP';
  if (numeric.has(f.type)) return 'NUMBER';
  return pick(rng, ['DATA', 'NOTSPACE', 'WORD']);
};

/** Leaf fields a pipeline writes: no objects, open, deprecated, beta or array fields, no geo points, none in a set the schema leaves undefined. */
function writable(catalog: Catalog): FieldDefinition[] {
  return catalog.fields().filter((f) => catalog.fieldSet(f.path.split('.')[0])?.defined !== false && f.type !== 'object' && f.type !== 'geo_point'
    && !f.open && f.deprecated === undefined && f.beta === undefined && !f.array && f.path !== '@timestamp' && /^[a-z_.]+$/.test(f.path));
}

export interface PipelineDocument extends BenchDocument {
  processors: number;
}

/** About `bytes` of pretty-printed JSON pipeline. */
export function pipelineDocument(catalog: Catalog, bytes: number, probes: number, seed = bytes): PipelineDocument {
  const rng = random(seed);
  const fields = writable(catalog);
  const keywords = fields.filter((f) => f.type === 'keyword' && !f.allowed?.length);
  const withAllowed = fields.filter((f) => f.allowed?.length);
  const numbers = fields.filter((f) => numeric.has(f.type));
  const ips = fields.filter((f) => f.type === 'ip');
  const dates = fields.filter((f) => f.type === 'date');
  const convertible = fields.filter((f) => convertType[f.type] !== undefined);
  const injected: string[] = [];
  const vendor = (): string => `${pick(rng, vendors)}.${pick(rng, vendorLeaves)}`;
  let unknowns = 0;
  /** A schema field; one in 400 a misspelt one (an unknown field in a defined set). */
  const field = (list: FieldDefinition[]): FieldDefinition => {
    const f = pick(rng, list);
    if (rng() < 1 / 400) {
      unknowns++;
      return { ...f, path: `${f.path}x` };
    }
    return f;
  };
  const tag = (kind: string, n: number): Json => (rng() < 0.3 ? { tag: `${kind}_${n}` } : {});
  const onFailure = (): Json => (rng() < 0.25
    ? { on_failure: [{ set: { field: 'error.message', value: `${pick(rng, ['grok', 'convert', 'date'])} failed: {{{_ingest.on_failure_message}}}` } }] }
    : {});
  const condition = (): Json => {
    if (rng() > 0.4) return {};
    const f = field(keywords);
    const path = f.path.split('.');
    const forms = [
      `ctx.${path.join('?.')} != null`,
      `ctx.${vendor().split('.').join('?.')} == '${pick(rng, ['allow', 'deny', 'close'])}'`,
      `ctx['${path[0]}'] != null && ctx.${path.join('?.')} instanceof String`,
    ];
    return { if: pick(rng, forms) };
  };
  const makers: Array<(n: number) => Json> = [
    (n) => {
      const f = pick(rng, [...withAllowed, ...keywords, ...keywords]);
      const value = f.allowed?.length ? pick(rng, f.allowed) : rng() < 0.5 ? `{{${vendor()}}}` : `{{${vendor()}}} on {{${field(keywords).path}}}`;
      return { set: { field: field([f]).path, value, ...condition(), ...tag('set', n) } };
    },
    (n) => ({ set: { field: field(keywords).path, copy_from: vendor(), ignore_empty_value: true, ...tag('set', n) } }),
    (n) => ({ rename: { field: vendor(), target_field: field(pick(rng, [keywords, ips, numbers])).path, ignore_missing: true, ...condition(), ...tag('rename', n) } }),
    (n) => {
      const a = field(ips);
      const b = field(numbers);
      const c = field(keywords);
      const def = `VENDOR_${n}`;
      return {
        grok: {
          field: 'message',
          patterns: [
            `%{IP:${a.path}}:%{NUMBER:${b.path}:${b.type === 'long' || b.type === 'integer' ? 'long' : 'float'}} %{${def}}`,
            `%{TIMESTAMP_ISO8601:${vendor()}} %{${grokFor(rng, c)}:${c.path}} %{GREEDYDATA:${vendor()}}`,
          ],
          pattern_definitions: { [def]: `%{WORD:${field(keywords).path}}(?: %{DATA:${vendor()}})?` },
          ignore_missing: true,
          ...onFailure(),
          ...tag('grok', n),
        },
      };
    },
    (n) => ({ dissect: { field: vendor(), pattern: `%{${field(keywords).path}} %{?skip} %{+${field(keywords).path}} %{${vendor()}}`, append_separator: ' ', ...tag('dissect', n) } }),
    (n) => {
      const f = field(convertible);
      return { convert: { field: vendor(), target_field: f.path, type: convertType[f.type] ?? 'string', ignore_missing: true, ...onFailure(), ...tag('convert', n) } };
    },
    (n) => ({ date: { field: vendor(), target_field: field(dates).path, formats: ['ISO8601', 'UNIX_MS', 'yyyy-MM-dd HH:mm:ss'], timezone: '{{{event.timezone}}}', ...onFailure(), ...tag('date', n) } }),
    (n) => ({ remove: { field: [vendor(), vendor()], ignore_missing: true, ...condition(), ...tag('remove', n) } }),
    (n) => {
      const a = field(keywords);
      const b = field(numbers);
      const v = vendor();
      return {
        script: {
          lang: 'painless',
          ...condition(),
          source: `if (ctx.${v.split('.').join('?.')} != null) {\n  ctx.${a.path} = ctx.${v}.toString().toLowerCase();\n}\n` +
            `def n = ctx['${b.path.split('.')[0]}'];\nif (n != null && ctx.${b.path} instanceof String) { ctx.${b.path} = Long.parseLong(ctx.${b.path}); }`,
          ...tag('script', n),
        },
      };
    },
    (n) => ({
      foreach: {
        field: vendor(),
        ignore_missing: true,
        processor: pick(rng, [
          { append: { field: field(keywords).path, value: '{{{_ingest._value}}}', allow_duplicates: false } },
          { set: { field: field(keywords).path, value: '{{{_ingest._value.name}}}' } },
        ]),
        ...onFailure(),
        ...tag('foreach', n),
      },
    }),
  ];
  const processors: Json[] = [];
  let size = 400;
  while (size < bytes) {
    const p = makers[processors.length % makers.length](processors.length);
    processors.push(p);
    // Its text in the pipeline: indented by 4 more, and a comma.
    const own = JSON.stringify(p, null, 2);
    size += own.length + 4 * own.split('\n').length + 2;
  }
  injected.push(`${unknowns} misspelt schema names`);
  const body = {
    description: `Generated bench pipeline: ${processors.length} processors`,
    processors,
    on_failure: [
      { set: { field: 'event.kind', value: 'pipeline_error' } },
      { set: { field: 'error.message', value: '{{{_ingest.on_failure_message}}}' } },
    ],
  };
  const text = `${JSON.stringify(body, null, 2)}\n`;
  const completions: Probe[] = [];
  const hovers: Probe[] = [];
  // Each kind's needle: where a name starts right after it.
  const needles: Array<[RegExp, number]> = [
    [/"(?:field|target_field)": "(?=[a-z])/g, 0],
    [/%\{[A-Z0-9_]+:(?=[a-z])/g, 1],
    [/\{\{\{?(?=[a-z])/g, 2],
    [/ctx\.(?=[a-z])/g, 3],
  ];
  for (let p = 0; p < probes; p++) {
    const [needle, depth] = needles[p % needles.length];
    needle.lastIndex = Math.floor(((p + 0.5) * text.length) / probes);
    // The next site of the kind that names a schema field (not a vendor's name, which the schema says nothing about).
    let m: RegExpExecArray | null;
    let start = -1;
    let name = '';
    while ((m = needle.exec(text))) {
      start = m.index + m[0].length;
      name = /^[a-z0-9_.?]+/.exec(text.slice(start, start + 200))![0];
      // Fieldwise reads no template in date's timezone (an option of kind string with template: true): skip those sites.
      if (name.includes('.') && !vendors.some((v) => name.replace(/\?/g, '').startsWith(`${v.split('.')[0]}.`))
        && !text.slice(m.index - 16, m.index).includes('"timezone"')) break;
    }
    if (!m) continue;
    const dot = name.indexOf('.');
    // Completion just after the first dot (the set's fields offered), or at the end of an undotted name; hover in the name.
    completions.push({ offset: start + (dot > 0 ? dot + 1 : name.length), what: `${PIPELINE_PROBE_KINDS[depth]} ${name}`, depth });
    hovers.push({ offset: start + 1, what: `${PIPELINE_PROBE_KINDS[depth]} ${name}`, depth });
  }
  // The edit: the middle processor's type renamed to an unknown one (one more error).
  const middle = text.indexOf('"rename": {', Math.floor(text.length / 2));
  const edit = { start: middle + 1, end: middle + 1 + 'rename'.length, text: 'renamee' };
  return { name: `bench-pipeline-${Math.round(bytes / 1e6)}mb.json`, kind: 'clean', format: 'json', text, events: processors.length, processors: processors.length, completions, hovers, edit, injected };
}
