// A Logstash pipeline is its files together: Logstash concatenates the files of one `path.config` (a folder or a
// glob) in lexical order, and a `pipelines.yml` names each pipeline's `path.config`. The pipeline of a file, as read
// from its folder (FeatureEnv.folder):
//   1. a `pipelines.yml` in its folder or the folder above whose entry's `path.config` names it: that entry's files
//      of the folder, and the entry's `pipeline.ecs_compatibility`;
//   2. else a file with both an input and an output section is a pipeline by itself (a folder of such files is a set
//      of pipelines, as pipelines.yml would name them one by one);
//   3. else the folder's other Logstash files that are not whole pipelines, with it.
// What the other files give: the paths they write (a name read here that another file writes is the pipeline's own)
// and the paths the files after this one remove outside any conditional (a field written here and removed later never
// reaches an event).
import picomatch from 'picomatch';
import { type EcsMode, isEcsMode, type LogstashPluginTable } from '../../catalog/logstashPlugins';
import type { ObjectNode, ValueNode } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import { modelFormatOf } from '../../document/syntaxes/registry';
import { type LogstashParse, parseLogstash, startsWithSection } from '../../document/syntaxes/logstash';
import type { FeatureEnv } from '../../features/env';
import type { CacheSlot } from '../../features/featureCaches';
import { configRefs } from './configRefs';

export interface PipelineContext {
  /** The ECS-compatibility mode of plugins that set none. */
  readonly mode: EcsMode;
  /** Where the mode comes from, for hover: `pipelines.yml` or the setting. */
  readonly modeSource: 'pipelines.yml' | 'setting';
  /** The pipeline's files in Logstash's order (names in the file's folder), this one included. */
  readonly files: readonly string[];
  /** How the files were found. */
  readonly source: 'pipelines.yml' | 'folder' | 'file';
  /** The joined paths the pipeline's other files write. */
  readonly writtenElsewhere: ReadonlySet<string>;
  /** The joined paths the files after this one remove (or move away). */
  readonly removedAfter: ReadonlySet<string>;
}

/** What one file gives its pipeline. */
interface FileFacts {
  written: ReadonlySet<string>;
  removed: ReadonlySet<string>;
  /** It has both an input and an output section: a pipeline by itself. */
  whole: boolean;
}

/** Per file name and text, what it gives (a folder's files are read again on every check; their facts are kept). */
const factsSlot: CacheSlot<Map<string, { text: string; mode: EcsMode; facts: FileFacts }>> = { name: 'logstash pipeline files', create: () => new Map() };
/** Files whose facts are kept: a few pipelines' worth. */
const MAX_FILES = 256;

const NONE: ReadonlySet<string> = new Set();

/** The pipeline of `env.file` (its text is `tree.text`), read from the files beside it. */
export function pipelineContext(tree: LogstashParse, env: FeatureEnv, table: LogstashPluginTable): PipelineContext {
  const setting = env.settings.logstash.ecsCompatibility;
  const folder = env.folder;
  const own = ownName(env.file);
  const alone = (mode: EcsMode, modeSource: PipelineContext['modeSource']): PipelineContext => ({
    mode, modeSource, files: [own], source: 'file', writtenElsewhere: NONE, removedAfter: NONE,
  });
  if (!folder) return alone(setting, 'setting');
  const entry = pipelinesEntry(env, own);
  const mode = entry?.mode ?? setting;
  const modeSource = entry?.mode !== undefined ? 'pipelines.yml' : 'setting';
  const names = folder.siblings(env.file);
  let files: string[];
  let source: PipelineContext['source'];
  if (entry) {
    files = names.filter((name) => name === own || entry.matches(name));
    source = 'pipelines.yml';
  } else {
    if (isWhole(tree)) return alone(mode, modeSource);
    files = names.filter((name) => {
      if (name === own) return true;
      if (!name.toLowerCase().endsWith('.conf')) return false;
      const facts = factsOf(env, name, mode, table);
      return facts !== undefined && !facts.whole;
    });
    source = 'folder';
  }
  if (!files.includes(own)) files = [...files, own].sort();
  if (files.length === 1) return { ...alone(mode, modeSource), source };
  const written = new Set<string>();
  const removed = new Set<string>();
  const at = files.indexOf(own);
  files.forEach((name, i) => {
    if (i === at) return;
    const facts = factsOf(env, name, mode, table);
    if (!facts) return;
    for (const path of facts.written) written.add(path);
    if (i > at) for (const path of facts.removed) removed.add(path);
  });
  return { mode, modeSource, files, source, writtenElsewhere: written, removedAfter: removed };
}

/** The name of the file in its folder. */
function ownName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

/** Whether a config has both an input and an output section. */
function isWhole(tree: LogstashParse): boolean {
  const types = new Set(tree.config.sections.map((s) => s.type));
  return types.has('input') && types.has('output');
}

/** What a file of the folder gives, read and kept by its text; undefined when it is no Logstash config. */
function factsOf(env: FeatureEnv, name: string, mode: EcsMode, table: LogstashPluginTable): FileFacts | undefined {
  const text = env.folder?.read(env.file, name);
  if (text === undefined || !startsWithSection(text)) return undefined;
  const cache = env.caches.slot(factsSlot);
  const key = `${env.file}\u0000${name}`;
  const known = cache.get(key);
  if (known && known.text === text && known.mode === mode) return known.facts;
  const tree = parseLogstash(text);
  const written = new Set<string>();
  const removed = new Set<string>();
  for (const r of configRefs(tree, table, mode).refs) {
    if (r.metadata || r.ref.path[0] === '') continue;
    if ((r.access === 'write' || r.access === 'update') && !r.container) written.add(r.ref.joinedPath);
    // A removal inside a conditional may not run: only those every event meets count for the files before.
    else if ((r.access === 'remove' || r.access === 'move') && r.scope === '') removed.add(r.ref.joinedPath);
  }
  const facts = { written, removed, whole: isWhole(tree) };
  cache.delete(key);
  cache.set(key, { text, mode, facts });
  if (cache.size > MAX_FILES) cache.delete(cache.keys().next().value!);
  return facts;
}

interface PipelinesEntry {
  mode: EcsMode | undefined;
  matches(name: string): boolean;
}

/** The entry of a `pipelines.yml` beside the file (or in the folder above) whose `path.config` names it. */
function pipelinesEntry(env: FeatureEnv, own: string): PipelinesEntry | undefined {
  const folder = env.folder!;
  const folderName = env.file.split('/').slice(-2, -1)[0];
  for (const [at, above] of [['pipelines.yml', false], ['../pipelines.yml', true]] as const) {
    const text = folder.read(env.file, at);
    if (text === undefined) continue;
    const root = modelFormatOf('yaml').syntax.parse(text).root;
    if (root?.kind !== 'array') continue;
    for (const item of root.items) {
      if (item.kind !== 'object') continue;
      const config = scalarAt(item, 'path.config', ['path', 'config']);
      if (config === undefined) continue;
      const matches = configMatcher(config, above ? folderName : undefined);
      if (!matches(own)) continue;
      const mode = scalarAt(item, 'pipeline.ecs_compatibility', ['pipeline', 'ecs_compatibility']);
      return { mode: mode !== undefined && isEcsMode(mode) ? mode : undefined, matches };
    }
  }
  return undefined;
}

/** A setting of a pipelines.yml entry, written flat (`path.config: x`) or nested (`path: {config: x}`). */
function scalarAt(entry: ObjectNode, flat: string, nested: readonly string[]): string | undefined {
  let value: ValueNode | undefined = valueOf(entry, flat);
  if (value === undefined) {
    value = entry;
    for (const key of nested) value = value?.kind === 'object' ? valueOf(value, key) : undefined;
  }
  return value?.kind === 'string' ? String(value.value) : undefined;
}

/**
 * Whether a file of the folder is one of a `path.config`'s (a glob or a folder on the Logstash host, whose layout is
 * not the repository's): its file pattern matches the name, and, when the pipelines.yml is in the folder above, its
 * last folder is this file's folder.
 */
function configMatcher(config: string, folderName: string | undefined): (name: string) => boolean {
  const segments = config.replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0) return () => false;
  let pattern = segments[segments.length - 1];
  let parent = segments[segments.length - 2];
  // A folder (no glob, no extension) names every file in it.
  if (!picomatch.scan(pattern).isGlob && !pattern.includes('.')) {
    parent = pattern;
    pattern = '*';
  }
  const name = picomatch(pattern, { dot: false });
  const inFolder = folderName === undefined || parent === undefined || parent === '**' || picomatch(parent)(folderName);
  return (file) => inFolder && name(file);
}
