// Level badges after each field reference of a pipeline that the schema knows (a field or an intermediate object).
import type { Span } from '../../document/model';
import type { PipelineDocument } from '../../document/pipeline/pipelineDocument';
import { refHints } from '../refHints';
import type { InlayHintEntry } from '../types';
import type { PipelineEnv } from './pipelineEnv';

export function pipelineHints(doc: PipelineDocument, range: Span, env: PipelineEnv): InlayHintEntry[] {
  // A default target names no field in the text: nothing to put a badge after.
  return refHints(doc.refs.filter((ref) => !ref.detail.implied), range, env.catalog);
}
