// Hover in a field definitions file: a segment of a name shows the schema's docs for the path up to it; a `type`
// value what that type stores.
import { definitionPositionAt } from './definitionPosition';
import type { FieldDefinitionsDocument } from './fieldDefinitionsDocument';
import type { FeatureEnv } from '../../features/env';
import { resolutionMarkdown } from '../../features/fieldDocs';
import type { HoverResult } from '../../features/types';
import { typeDocs } from './definitionCompletion';

export function hoverFieldDefinitions(doc: FieldDefinitionsDocument, offset: number, env: FeatureEnv): HoverResult | undefined {
  const pos = definitionPositionAt(doc, offset);
  if (pos.kind === 'ref') {
    const path = pos.ref.path.slice(0, pos.segment + 1);
    const span = pos.ref.segments[pos.segment - pos.ref.first];
    return { markdown: resolutionMarkdown(path, env.catalog.resolve(path), env.catalog), start: span.start, end: span.end };
  }
  if (pos.kind === 'value' && pos.key === 'type' && pos.node) {
    const markdown = typeDocs(String(pos.node.value));
    return markdown === undefined ? undefined : { markdown, start: pos.node.start, end: pos.node.end };
  }
  return undefined;
}
