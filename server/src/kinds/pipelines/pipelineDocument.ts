// The ingest pipeline adapter: how a pipeline file splits into bodies (one, or one per console request), where its
// processors are, and every field reference it holds (processorRefs.ts). Parsing never fails: a half-typed body
// still yields the processors and references that can be read, and its syntax errors.
import { ConsoleRequest, isolate, splitConsole } from '../../document/console';
import type { FileType } from '../../document/fileType';
import type { NamedRef } from '../../document/fieldRefs';
import { parseGuarded } from '../../document/syntaxes/guardedParse';
import type { ParsedValue } from '../../document/syntaxes/json/jsonValue';
import { valueOf } from '../../document/objectValue';
import type { ArrayNode, ObjectNode, Span, SyntaxProblem, ValueNode } from '../../document/model';
import type { ProcessorTable } from '../../catalog/processors';
import type { BodyRole, PipelineBody, ProcessorSite } from './pipelineBody';
import { isPipelineUnits, parsePipelineUnits, PipelineUnits, PlacedUnit, unitsIn, unitTree, withValue } from './pipelineUnits';
import { processorRefs } from './processorRefs';
import { ReadNames } from '../../document/readNames';

export type { BodyRole, PipelineBody, ProcessorSite } from './pipelineBody';
export type { FreshUnit, PlacedUnit, ProcessorUnit } from './pipelineUnits';
export type { ReadNames } from '../../document/readNames';
export { unitTree } from './pipelineUnits';
export { valueOf } from '../../document/objectValue';

export interface PipelineDocument {
  readonly kind: 'ingestPipeline';
  readonly type: FileType;
  readonly text: string;
  readonly bodies: PipelineBody[];
  readonly errors: SyntaxProblem[];
  /** Every field reference, in document order (`refs[i].index === i`). */
  readonly refs: NamedRef[];
  /**
   * A JSON pipeline read as units (pipelineUnits.ts): `bodies` and `refs` are then made whole on first read, and the
   * features read only the units they need through `pipelineView`.
   */
  readonly units?: PipelineUnits;
  /**
   * A batch's processors alone (`unitsDocument`): the names only read, kept apart from `refs` and compact. Every
   * document made here has the field (undefined elsewhere): one shape, so the rules' optimised code holds for all.
   */
  readonly reads?: ReadNames;
}

/** Whether a parsed file is a pipeline (the service's documents of every kind carry a `kind`, event documents none). */
export function isPipeline(doc: object): doc is PipelineDocument {
  return 'kind' in doc && doc.kind === 'ingestPipeline';
}

/** Top-level keys of a pipeline body, as Elasticsearch takes them. */
export const PIPELINE_KEYS: readonly string[] = ['description', 'processors', 'on_failure', 'version', '_meta', 'deprecated'];

/** A `POST _ingest/pipeline/_simulate` body: the pipeline and the documents it is tried on (`docs`). */
export function isSimulateBody(root: ObjectNode): boolean {
  return valueOf(root, 'pipeline')?.kind === 'object' && valueOf(root, 'docs')?.kind === 'array';
}

/** Endpoints whose body is a pipeline (`_ingest/pipeline/<id>`) or a simulate request (`.../_simulate`). */
export function pipelineEndpoint(path: string): BodyRole | undefined {
  if (/^_ingest\/pipeline(?:\/[^/]+)?\/_simulate$/.test(path)) return 'simulate';
  if (/^_ingest\/pipeline\/[^/_][^/]*$/.test(path)) return 'pipeline';
  return undefined;
}

/**
 * Parses a pipeline file; console text reads the bodies of `requests` (default: every request of the text). `whole`:
 * the text already parsed whole (`parseGuarded`): file detection reads a pipeline's content so, and the parse that
 * follows takes it instead of parsing the text again.
 */
export function parsePipelineDocument(
  text: string, type: FileType, table: ProcessorTable, requests?: readonly ConsoleRequest[], whole?: ParsedValue, previous?: PipelineDocument,
): PipelineDocument {
  const bodies: PipelineBody[] = [];
  const errors: SyntaxProblem[] = [];
  if (!type.console && type.format === 'json') {
    // Well-formed JSON is read as units, keeping the previous version's unchanged ones; anything else is parsed whole below.
    const parsed = whole ?? parsePipelineUnits(text, table, previous?.units);
    if (isPipelineUnits(parsed)) return new UnitsDocument(text, type, table, parsed);
    if (parsed.root !== undefined || whole) whole = parsed;
  }
  if (type.console) {
    for (const request of requests ?? splitConsole(text)) {
      const role = pipelineEndpoint(request.path);
      if (!role || !request.body) continue;
      const parsed = parseGuarded(isolate(text, request.body), false);
      errors.push(...parsed.errors);
      bodies.push(bodyOf(request.body, role, parsed.root));
    }
  } else {
    const parsed = whole ?? parseGuarded(text, type.format === 'yaml');
    errors.push(...parsed.errors);
    // A `_simulate` request's body saved as a file reads as that request's body does.
    const role = parsed.root?.kind === 'object' && isSimulateBody(parsed.root) ? 'simulate' : 'pipeline';
    bodies.push(bodyOf({ start: 0, end: text.length }, role, parsed.root));
  }
  const refs: NamedRef[] = [];
  for (const body of bodies) processorRefs(body, text, type, table, refs);
  return { kind: 'ingestPipeline', type, text, bodies, errors, refs, reads: undefined };
}

/**
 * A pipeline read as units: the skeleton parsed, each unit parsed when read. `bodies` and `refs` are the whole
 * document's, made on first read (tests and rare whole-file fixes); features take `pipelineView` of what they need.
 */
class UnitsDocument implements PipelineDocument {
  readonly kind = 'ingestPipeline';
  readonly errors: SyntaxProblem[] = [];
  private whole?: PipelineDocument;

  constructor(readonly text: string, readonly type: FileType, private readonly table: ProcessorTable, readonly units: PipelineUnits) {}

  get bodies(): PipelineBody[] {
    return (this.whole ??= viewWith(this, this.units.units, this.table)).bodies;
  }

  get refs(): NamedRef[] {
    return (this.whole ??= viewWith(this, this.units.units, this.table)).refs;
  }
}

/**
 * The document as the features see it around `span`: for a pipeline read as units, the skeleton with only the units
 * that overlap `span` (parsed now, document offsets) and their references; any other pipeline as it is.
 */
export function pipelineView(doc: PipelineDocument, span: Span, table: ProcessorTable): PipelineDocument {
  return doc.units ? viewWith(doc, unitsIn(doc.units.units, span), table) : doc;
}

/** The skeleton alone: every key of the body but the top-level processors (the pipeline-level on_failure's are here). */
export function skeletonView(doc: PipelineDocument, table: ProcessorTable): PipelineDocument {
  return doc.units ? viewWith(doc, [], table) : doc;
}

function viewWith(doc: PipelineDocument, placed: readonly PlacedUnit[], table: ProcessorTable): PipelineDocument {
  const { skeleton, list } = doc.units!;
  const items: ValueNode[] = [];
  for (const p of placed) {
    const tree = unitTree(doc.text, p);
    if (tree) items.push(tree);
  }
  const processors: ArrayNode = { kind: 'array', start: list.start, end: list.end, items };
  const root: ObjectNode = { kind: 'object', start: skeleton.start, end: skeleton.end, properties: skeleton.properties.map((p) => (p.value === list ? withValue(p, processors) : p)) };
  const body = bodyOf({ start: 0, end: doc.text.length }, 'pipeline', root);
  const refs: NamedRef[] = [];
  processorRefs(body, doc.text, doc.type, table, refs);
  return { kind: 'ingestPipeline', type: doc.type, text: doc.text, bodies: [body], errors: doc.errors, refs, reads: undefined };
}

/**
 * Processors alone, from their trees (document offsets): their sites and references, for what follows from their text
 * alone (the skeleton's processors are not among them); the names only read are in `reads`, not `refs`.
 */
export function unitsDocument(text: string, type: FileType, trees: readonly ValueNode[], table: ProcessorTable): PipelineDocument {
  const body: PipelineBody = { span: { start: 0, end: text.length }, role: 'pipeline', root: undefined, pipeline: undefined, lists: [], processors: [] };
  for (const tree of trees) if (tree.kind === 'object') walkProcessor(tree, body);
  const refs: NamedRef[] = [];
  const reads = new ReadNames();
  processorRefs(body, text, type, table, refs, reads);
  return { kind: 'ingestPipeline', type, text, bodies: [body], errors: [], refs, reads };
}

function bodyOf(span: Span, role: BodyRole, root: ValueNode | undefined): PipelineBody {
  const body: PipelineBody = { span, role, root, pipeline: undefined, lists: [], processors: [] };
  let pipeline: ValueNode | undefined = root;
  if (role === 'simulate' && root?.kind === 'object') pipeline = valueOf(root, 'pipeline');
  if (pipeline?.kind === 'array') walkList(pipeline, body);
  else if (pipeline?.kind === 'object') {
    body.pipeline = pipeline;
    for (const key of ['processors', 'on_failure']) {
      const list = valueOf(pipeline, key);
      if (list?.kind === 'array') walkList(list, body);
    }
  }
  return body;
}

function walkList(list: ArrayNode, body: PipelineBody): void {
  body.lists.push(list);
  for (const item of list.items) if (item.kind === 'object') walkProcessor(item, body);
}

/**
 * A processor: a one-key object; its options may hold `on_failure` lists, and `foreach` one processor. An object
 * with several keys (two processors written in one, which Elasticsearch rejects) gives a site for each key.
 */
function walkProcessor(holder: ObjectNode, body: PipelineBody): void {
  const keys = holder.properties;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const options = key.value?.kind === 'object' ? key.value : undefined;
    body.processors.push({ name: key.key, key, holder, options });
    if (!options) continue;
    const onFailure = valueOf(options, 'on_failure');
    if (onFailure?.kind === 'array') walkList(onFailure, body);
    const inner = key.key === 'foreach' ? valueOf(options, 'processor') : undefined;
    if (inner?.kind === 'object') walkProcessor(inner, body);
  }
}


/**
 * Every processor of the document, in order: the one body's own list (no copy: a rule over each processor of each
 * batch of a cold open reads it this way, without an iterator per step), or the bodies' lists joined.
 */
export function processorsOf(doc: PipelineDocument): readonly ProcessorSite[] {
  return doc.bodies.length === 1 ? doc.bodies[0].processors : doc.bodies.flatMap((b) => b.processors);
}

/** The pipeline body holding an offset. */
export function bodyAt(doc: PipelineDocument, offset: number): PipelineBody | undefined {
  return doc.bodies.find((b) => b.span.start <= offset && offset <= b.span.end);
}
