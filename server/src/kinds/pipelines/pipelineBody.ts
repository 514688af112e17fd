// What one pipeline body is made of: its processors (each key of a processor object; Elasticsearch takes one) and the
// lists they sit in.
import type { ArrayNode, ObjectNode, PropertyNode, Span, ValueNode } from '../../document/model';

export interface ProcessorSite {
  name: string;
  /** The processor-name key of its object (`grok` in `{"grok": {...}}`). */
  key: PropertyNode;
  /** The object in its processor list (one key, unless the user wrote two processors in one: every key is read). */
  holder: ObjectNode;
  /** Its options, when the value is an object. */
  options: ObjectNode | undefined;
}

/** What a body is: a pipeline, or a simulate request whose `docs` are raw input (syntax only). */
export type BodyRole = 'pipeline' | 'simulate';

export interface PipelineBody {
  span: Span;
  role: BodyRole;
  root: ValueNode | undefined;
  /** The pipeline object (`{description, processors, on_failure}`); undefined for a bare array of processors. */
  pipeline: ObjectNode | undefined;
  /** Every list where a processor may be typed: `processors`, `on_failure` (pipeline-level and per processor). */
  lists: ArrayNode[];
  processors: ProcessorSite[];
}
