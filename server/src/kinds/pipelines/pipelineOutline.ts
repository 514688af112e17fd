// A pipeline's outline, its processor tags and the pipelines it calls: each processor named by its `tag` or its
// `description` when it has one, with its own `on_failure` processors and a `foreach`'s processor nested below it;
// the pipeline-level `on_failure` list as an entry of its own.
import type { ArrayNode, ObjectNode, PropertyNode } from '../../document/model';
import { valueOf } from '../../document/objectValue';
import { symbolOf } from '../../features/outline';
import type { FileLink, NamedPart, OutlineSymbol } from '../../features/types';
import type { PipelineDocument } from './pipelineDocument';
import { processorsOf } from './pipelineDocument';

/** What a file name's pipeline is called in links (`{{ IngestPipeline "default" }}` names `default.yml`). */
export const PIPELINE_NAMESPACE = 'ingest pipeline';

/** `{{ IngestPipeline "name" }}`: how an integration package's pipeline names another of its data stream. */
const PACKAGE_REFERENCE = /\{\{\s*IngestPipeline\s+["']([^"']+)["']\s*\}\}/;

export function pipelineSymbols(doc: PipelineDocument): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const body of doc.bodies) {
    const root = body.root;
    if (root?.kind === 'array') out.push(...listSymbols(root));
    const pipeline = body.pipeline;
    if (!pipeline) continue;
    for (const key of ['processors', 'on_failure']) {
      const property = pipeline.properties.find((p) => p.key === key);
      const list = property?.value;
      if (!property || list?.kind !== 'array') continue;
      if (key === 'processors') out.push(...listSymbols(list));
      else out.push(symbolOf(property, 'on_failure', 'array', listSymbols(list)));
    }
  }
  return out;
}

function listSymbols(list: ArrayNode): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const item of list.items) if (item.kind === 'object') for (const key of item.properties) out.push(processorSymbol(key));
  return out;
}

function processorSymbol(key: PropertyNode): OutlineSymbol {
  const options = key.value?.kind === 'object' ? key.value : undefined;
  const children: OutlineSymbol[] = [];
  if (options) {
    const inner = key.key === 'foreach' ? valueOf(options, 'processor') : undefined;
    if (inner?.kind === 'object') for (const k of inner.properties) children.push(processorSymbol(k));
    const onFailure = options.properties.find((p) => p.key === 'on_failure');
    if (onFailure?.value?.kind === 'array') children.push(symbolOf(onFailure, 'on_failure', 'array', listSymbols(onFailure.value)));
  }
  const label = options && (text(options, 'tag') ?? text(options, 'description'));
  return label === undefined ? symbolOf(key, key.key, 'function', children) : symbolOf(key, label, 'function', children, 0, key.key);
}

function text(options: ObjectNode, key: string): string | undefined {
  const value = valueOf(options, key);
  return value?.kind === 'string' && String(value.value).trim() !== '' ? String(value.value) : undefined;
}

/** Every processor's `tag`, for the workspace symbol search. */
export function pipelineTags(doc: PipelineDocument): NamedPart[] {
  const out: NamedPart[] = [];
  for (const site of processorsOf(doc)) {
    const tag = site.options && valueOf(site.options, 'tag');
    if (tag?.kind !== 'string' || String(tag.value) === '') continue;
    out.push({ name: String(tag.value), detail: `${site.name} processor`, start: tag.start, end: tag.end });
  }
  return out;
}

/** The `pipeline` processors' `name`s: the pipelines this one calls. */
export function pipelineLinks(doc: PipelineDocument): FileLink[] {
  const out: FileLink[] = [];
  for (const site of processorsOf(doc)) {
    if (site.name !== 'pipeline' || !site.options) continue;
    const name = valueOf(site.options, 'name');
    if (name?.kind !== 'string') continue;
    const value = String(name.value);
    const called = PACKAGE_REFERENCE.exec(value)?.[1] ?? value.trim();
    if (called !== '') out.push({ start: name.start, end: name.end, namespace: PIPELINE_NAMESPACE, name: called });
  }
  return out;
}

/** A pipeline file answers to its file name without extension: how a package's pipelines name each other. */
export function pipelineNames(file: string): Array<Pick<FileLink, 'namespace' | 'name'>> {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return [{ namespace: PIPELINE_NAMESPACE, name: dot > 0 ? base.slice(0, dot) : base }];
}
