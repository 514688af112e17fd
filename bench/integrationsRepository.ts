// A generated integrations repository at the size and mix of the real one (the bench's CLI row, issue 29; the CLI's
// scale tests at a small size), seeded so every run sees the same tree. integrationsWorkspace.ts generates a workspace
// for the links between files (uniform packages of small files, one field shared by 100 files); this one is for what
// `fieldwise check` reads and how much: shaped like Elastic's integrations repository: packages/<name>/ with a package
// manifest, a changelog, a build file and Kibana dashboards, and data_stream/<name>/ folders holding a data stream
// manifest, field definition files (base-fields, ecs, the package's own), an ingest pipeline in YAML, a sample event,
// pipeline test configs and expected outputs (`{"expected": [events]}`). Data streams per package and file sizes are
// skewed as in the real repository (most packages small, a few with dozens of data streams). Only the files `fieldwise
// check` reads are written (JSON and YAML: no `.log` test inputs, `.hbs` agent templates, images or Markdown).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import type { Catalog } from '../server/src/catalog/types';
import { benchDocument, random } from './generate';
import { generateFieldDefinitions } from './generateMapping';
import { pipelineDocument, vendorLeaves, vendors } from './generatePipeline';

type Rng = () => number;

export interface IntegrationsOptions {
  packages: number;
  seed?: number;
  /** Multiplies every file's size (1: sizes as in the real repository; small values for tests). */
  scale?: number;
}

export interface IntegrationsRepository {
  files: number;
  bytes: number;
  packages: number;
  dataStreams: number;
  /** Files per role (`expected`, `pipeline`, `dashboard`, ...). */
  byRole: Record<string, number>;
}

const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
/** Skewed counts: most draws small, a few large (a power of a uniform draw). */
const skewed = (rng: Rng, lo: number, hi: number, power = 3): number => lo + Math.floor(rng() ** power * (hi - lo + 1));

/** Writes the tree under `root` (replacing what is there). */
export function writeIntegrationsRepository(root: string, catalog: Catalog, options: IntegrationsOptions): IntegrationsRepository {
  rmSync(root, { recursive: true, force: true });
  const rng = random(options.seed ?? 29);
  const scale = options.scale ?? 1;
  const tree: IntegrationsRepository = { files: 0, bytes: 0, packages: options.packages, dataStreams: 0, byRole: {} };
  const write = (role: string, path: string, text: string): void => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    tree.files++;
    tree.bytes += Buffer.byteLength(text);
    tree.byRole[role] = (tree.byRole[role] ?? 0) + 1;
  };
  const size = (lo: number, hi: number): number => Math.max(200, Math.round(skewed(rng, lo, hi, 2) * scale));
  let seed = options.seed ?? 29;
  const pool = eventPool(seed);
  const eventsOf = (bytes: number): unknown[] => takeEvents(pool, rng, bytes);
  for (let p = 0; p < options.packages; p++) {
    const name = `pkg_${p.toString().padStart(3, '0')}`;
    const dir = join(root, 'packages', name);
    write('package manifest', join(dir, 'manifest.yml'), packageManifest(name, rng));
    write('changelog', join(dir, 'changelog.yml'), changelog(rng));
    write('build', join(dir, '_dev', 'build', 'build.yml'), 'dependencies:\n  ecs:\n    reference: git@v8.11.0\n    import_mappings: true\n');
    for (let k = 0, n = int(rng, 0, 3); k < n; k++) write('dashboard', join(dir, 'kibana', 'dashboard', `${name}-${k}.json`), dashboard(rng, size(8_000, 150_000)));
    const streams = skewed(rng, 1, 24, 5);
    for (let d = 0; d < streams; d++) {
      tree.dataStreams++;
      const ds = join(dir, 'data_stream', `stream_${d}`);
      write('data stream manifest', join(ds, 'manifest.yml'), dataStreamManifest(name, d, rng));
      write('fields', join(ds, 'fields', 'base-fields.yml'), BASE_FIELDS);
      write('fields', join(ds, 'fields', 'ecs.yml'), generateFieldDefinitions(catalog, ++seed, int(rng, 1, 4)));
      write('fields', join(ds, 'fields', 'fields.yml'), generateFieldDefinitions(catalog, ++seed, Math.max(1, Math.round(int(rng, 2, 25) * Math.min(1, scale * 4)))) + VENDOR_FIELDS);
      write('pipeline', join(ds, 'elasticsearch', 'ingest_pipeline', 'default.yml'), pipelineYaml(catalog, size(4_000, 40_000), ++seed));
      write('sample event', join(ds, 'sample_event.json'), `${JSON.stringify(eventsOf(1)[0], null, 4)}\n`);
      const tests = join(ds, '_dev', 'test', 'pipeline');
      write('test config', join(tests, 'test-common-config.yml'), 'fields:\n  tags:\n    - preserve_original_event\n');
      for (let t = 0, n = skewed(rng, 1, 20, 2); t < n; t++) {
        write('expected', join(tests, `test-${name}-${d}-${t}.log-expected.json`), `${JSON.stringify({ expected: eventsOf(size(3_000, 60_000)) }, null, 4)}\n`);
      }
    }
  }
  return tree;
}

type Event = Record<string, unknown>;

/** The bench's clean events (generate.ts), from which each file takes a run. */
function eventPool(seed: number): Event[] {
  return JSON.parse(benchDocument('json', 'pool', 1_000_000, 0, seed).text) as Event[];
}

/**
 * About `bytes` of events from the pool (at least one), each with the `ecs.version` that integration packages' events
 * carry; one file in five has a misspelt field, as real test outputs sometimes do.
 */
function takeEvents(pool: readonly Event[], rng: Rng, bytes: number): Event[] {
  const out: Event[] = [];
  let size = 0;
  for (let k = Math.floor(rng() * pool.length); out.length === 0 || size < bytes; k = (k + 1) % pool.length) {
    const event: Event = { ...structuredClone(pool[k]), ecs: { version: '8.11.0' } };
    out.push(event);
    size += JSON.stringify(event, null, 4).length;
  }
  if (rng() < 0.2) {
    const event = out[Math.floor(rng() * out.length)];
    event.host = { ...(event.host as Event | undefined), nmae: 'typo' };
  }
  return out;
}

function pipelineYaml(catalog: Catalog, bytes: number, seed: number): string {
  const pipeline = JSON.parse(pipelineDocument(catalog, bytes, 0, seed).text) as Record<string, unknown>;
  return stringify({ description: 'Pipeline for parsing the logs.', ...pipeline });
}

/** The vendor fields the generated pipelines write, declared as a package declares its own fields. */
const VENDOR_FIELDS = stringify(vendors.map((vendor) => ({
  name: vendor,
  type: 'group',
  fields: vendorLeaves.map((leaf) => ({ name: leaf, type: 'keyword', description: `The ${leaf} of the ${vendor} log.` })),
})));

const BASE_FIELDS = stringify([
  { name: 'data_stream.type', type: 'constant_keyword', description: 'Data stream type.' },
  { name: 'data_stream.dataset', type: 'constant_keyword', description: 'Data stream dataset.' },
  { name: 'data_stream.namespace', type: 'constant_keyword', description: 'Data stream namespace.' },
  { name: '@timestamp', type: 'date', description: 'Event timestamp.' },
]);

function packageManifest(name: string, rng: Rng): string {
  return stringify({
    format_version: '3.0.0',
    name,
    title: `Package ${name}`,
    version: `${int(rng, 0, 3)}.${int(rng, 0, 20)}.${int(rng, 0, 9)}`,
    description: `Collect logs from ${name} with Elastic Agent.`,
    type: 'integration',
    categories: ['security', 'network'],
    conditions: { kibana: { version: '^8.11.0' }, elastic: { subscription: 'basic' } },
    policy_templates: [{ name, title: `${name} logs`, description: 'Collect logs', inputs: [{ type: 'logfile', title: 'Collect logs', description: 'Collecting logs' }] }],
    owner: { github: 'elastic/security-service-integrations', type: 'elastic' },
  });
}

function changelog(rng: Rng): string {
  const entries = Array.from({ length: int(rng, 3, 40) }, (_, k) => ({
    version: `1.${k}.0`,
    changes: [{ description: `Change number ${k}: update the pipeline and the field definitions.`, type: k % 3 === 0 ? 'bugfix' : 'enhancement', link: `https://github.com/elastic/integrations/pull/${1000 + k}` }],
  }));
  return stringify(entries.reverse());
}

function dataStreamManifest(name: string, d: number, rng: Rng): string {
  return stringify({
    title: `${name} stream ${d}`,
    type: 'logs',
    streams: [{ input: 'logfile', title: 'Logs', description: 'Collect logs', vars: [{ name: 'paths', type: 'text', title: 'Paths', multi: true, required: true, default: [`/var/log/${name}/*.log`] }] }],
    elasticsearch: { index_template: { mappings: { dynamic: rng() < 0.5 } } },
  });
}

/** A Kibana dashboard saved object: mostly a long string of panels, as exported. */
function dashboard(rng: Rng, bytes: number): string {
  const panels: unknown[] = [];
  let size = 0;
  while (size < bytes) {
    const panel = { panelIndex: `p${panels.length}`, gridData: { x: int(rng, 0, 40), y: int(rng, 0, 200), w: 24, h: 15, i: `p${panels.length}` }, embeddableConfig: { title: `Panel ${panels.length}`, vis: { params: { sort: { columnIndex: null, direction: null } } } } };
    panels.push(panel);
    size += JSON.stringify(panel).length;
  }
  return `${JSON.stringify({ attributes: { title: 'Overview', panelsJSON: JSON.stringify(panels), timeRestore: false }, type: 'dashboard', references: [] }, null, 4)}\n`;
}
