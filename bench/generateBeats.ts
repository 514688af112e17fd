// The bench's Beats configuration (issue 26): a generated filebeat.yml of about 1 MB, seeded so every run sees the same
// text. Hundreds of inputs, each with its `fields` and a `processors:` list of many kinds (rename, convert with flow
// maps, copy_fields, add_fields with a target and dotted `when` conditions, add_labels, dissect with a target prefix,
// decode_json_fields, drop_fields, if/then/else, a JavaScript script, timestamp, registered_domain, community_id,
// add_host_metadata), writing schema fields read from vendor names, with a few misspelt names in defined sets. Also
// the positions where the bench asks for completion and hover, by kind of site (BEATS_PROBE_KINDS), and the edit.
import type { Catalog, FieldDefinition } from '../server/src/catalog/types';
import { BenchDocument, Probe, random } from './generate';

/** Kinds of probe site inside the configuration; a probe's `depth` is its kind's index here. */
export const BEATS_PROBE_KINDS = ['option value (from/to)', 'add_fields key', 'condition key', 'dissect key'] as const;

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

const vendors = ['fortinet.firewall', 'cisco.asa', 'paloalto.panos', 'zscaler.zia', 'okta.system', 'crowdstrike.falcon'];
const vendorLeaves = ['action', 'srcip', 'dstip', 'srcport', 'dstport', 'sessionid', 'policyid', 'devname', 'msg', 'level', 'duration', 'user', 'app', 'proto'];
const convertType: Record<string, string> = { long: 'long', integer: 'integer', float: 'float', half_float: 'float', scaled_float: 'float', ip: 'ip', boolean: 'boolean', keyword: 'string' };

/** Leaf fields a configuration writes: no objects, open, deprecated, beta or array fields, none in a set the schema leaves undefined. */
function writable(catalog: Catalog): FieldDefinition[] {
  return catalog.fields().filter((f) => catalog.fieldSet(f.path.split('.')[0])?.defined !== false && f.type !== 'object' && f.type !== 'geo_point'
    && !f.open && f.deprecated === undefined && f.beta === undefined && !f.array && f.path !== '@timestamp' && /^[a-z_.]+$/.test(f.path));
}

export interface BeatsBenchDocument extends BenchDocument {
  inputs: number;
  processors: number;
}

/** About `bytes` of filebeat.yml. */
export function beatsDocument(catalog: Catalog, bytes: number, probes: number, seed = bytes): BeatsBenchDocument {
  const rng = random(seed);
  const fields = writable(catalog);
  const keywords = fields.filter((f) => f.type === 'keyword' && !f.allowed?.length);
  const convertible = fields.filter((f) => convertType[f.type] !== undefined);
  const events = fields.filter((f) => f.path.startsWith('event.') && f.allowed?.length);
  const vendor = (): string => `${pick(rng, vendors)}.${pick(rng, vendorLeaves)}`;
  let unknowns = 0;
  /** A schema field; one in 400 a misspelt one (an unknown field in a defined set). */
  const field = (list: FieldDefinition[]): string => {
    const f = pick(rng, list);
    if (rng() < 1 / 400) {
      unknowns++;
      return `${f.path}x`;
    }
    return f.path;
  };
  const when = (): string => (rng() < 0.5 ? `      when.equals.${vendor()}: ${pick(rng, ['deny', 'allow', 'close'])}\n` : '');
  const makers: Array<(n: number) => string> = [
    () => `  - rename:\n      fields:\n        - from: ${vendor()}\n          to: ${field(keywords)}\n        - from: ${vendor()}\n          to: ${field(keywords)}\n      ignore_missing: true\n`,
    () => {
      const f = pick(rng, convertible);
      return `  - convert:\n      fields:\n        - {from: ${vendor()}, to: ${field([f])}, type: ${convertType[f.type]}}\n        - {from: ${vendor()}, to: ${field(keywords)}}\n      ignore_missing: true\n      fail_on_error: false\n`;
    },
    () => {
      const e = pick(rng, events);
      return `  - add_fields:\n${when()}      target: event\n      fields:\n        ${e.path.slice('event.'.length)}: ${pick(rng, e.allowed!)}\n        dataset: ${pick(rng, vendors)}\n`;
    },
    () => `  - copy_fields:\n      fields:\n        - from: ${vendor()}\n          to: ${field(keywords)}\n      fail_on_error: false\n`,
    () => `  - dissect:\n      tokenizer: '%{${field(keywords)}} %{?skip} %{${field(keywords)}|ip} %{+${field(keywords)}}'\n      field: message\n      target_prefix: ""\n`,
    () => `  - add_labels:\n      labels:\n        source_app: ${pick(rng, vendors)}\n        tier: ${pick(rng, ['gold', 'silver'])}\n`,
    () => `  - decode_json_fields:\n      fields: [message]\n      target: ${pick(rng, vendors)}\n      max_depth: 2\n`,
    () => `  - drop_fields:\n      fields: [${vendor()}, ${vendor()}]\n      ignore_missing: true\n`,
    () => `  - if:\n      and:\n        - equals.${vendor()}: deny\n        - has_fields: [${field(keywords)}]\n    then:\n      - add_fields:\n          target: event\n          fields:\n            outcome: failure\n    else:\n      - add_tags:\n          tags: [allowed]\n`,
    () => {
      const a = field(keywords);
      return `  - script:\n      lang: javascript\n      source: |\n        function process(event) {\n          var v = event.Get("${vendor()}");\n          if (v !== null) {\n            event.Put("${a}", String(v).toLowerCase());\n          }\n        }\n`;
    },
    () => `  - timestamp:\n      field: ${vendor()}\n      layouts: ['2006-01-02T15:04:05Z07:00']\n      ignore_missing: true\n`,
    () => `  - registered_domain:\n      field: ${field(keywords)}\n      target_field: ${field(keywords)}\n      ignore_missing: true\n`,
    () => `  - community_id: ~\n`,
    () => `  - add_host_metadata:\n      netinfo.enabled: false\n`,
  ];
  const parts: string[] = ['# Generated bench configuration\nfilebeat.inputs:\n'];
  let size = parts[0].length;
  let inputs = 0;
  let processors = 0;
  while (size < bytes) {
    const own: string[] = [
      `- type: filestream\n  id: input-${inputs}\n  paths: ["/var/log/${pick(rng, vendors)}/${inputs}/*.log"]\n  fields_under_root: true\n  fields:\n    service.name: app-${inputs}\n    event.module: ${pick(rng, vendors).split('.')[0]}\n  processors:\n`,
    ];
    for (let k = 0; k < 24; k++) own.push(indent(makers[(processors + k) % makers.length](processors + k)));
    processors += 24;
    inputs++;
    const text = own.join('');
    parts.push(text);
    size += text.length;
  }
  parts.push('output.elasticsearch:\n  hosts: ["localhost:9200"]\nsetup.template.enabled: false\n');
  const text = parts.join('');
  const completions: Probe[] = [];
  const hovers: Probe[] = [];
  // Each kind's needle: where a schema name starts right after it.
  const needles: Array<[RegExp, number]> = [
    [/\n {12}to: (?=[a-z])/g, 0],
    [/\n {8}target: event\n {8}fields:\n {10}(?=[a-z])/g, 1],
    [/\n {10}- equals\.(?=[a-z])/g, 2],
    [/tokenizer: '%\{(?=[a-z])/g, 3],
  ];
  for (let p = 0; p < probes; p++) {
    const [needle, depth] = needles[p % needles.length];
    needle.lastIndex = Math.floor(((p + 0.5) * text.length) / probes);
    const m = needle.exec(text);
    if (!m) continue;
    const start = m.index + m[0].length;
    const name = /^[a-z0-9_.]+/.exec(text.slice(start, start + 200))![0];
    const dot = name.indexOf('.');
    completions.push({ offset: start + (dot > 0 ? dot + 1 : name.length), what: `${BEATS_PROBE_KINDS[depth]} ${name}`, depth });
    hovers.push({ offset: start + 1, what: `${BEATS_PROBE_KINDS[depth]} ${name}`, depth });
  }
  // The edit: the middle rename processor's name misspelt (one more error).
  const middle = text.indexOf('  - rename:', Math.floor(text.length / 2)) + 4;
  const edit = { start: middle, end: middle + 'rename'.length, text: 'renamee' };
  return {
    name: `filebeat-bench-${Math.round(bytes / 1e6)}mb.yml`, kind: 'clean', format: 'yaml', text, events: processors, inputs, processors, completions, hovers, edit,
    injected: [`${unknowns} misspelt schema names`],
  };
}

/** A processor's lines one level deeper, as an input's list holds them. */
function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '  ');
}
