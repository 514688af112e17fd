// Hover in a mapping: a field name (or a copy_to or alias target) shows the schema's docs and level (any segment
// describes the path up to it); a parameter, a mapping key or a dynamic template key shows what it means; a `type`
// value what the type stores.
import type { MappingDocument } from './mappingDocument';
import { keyPosition, refAt } from './mappingPosition';
import type { SiteRole } from './mappingDocument';
import { loadMappingParameters } from '../../catalog/mappingParameters';
import { loadTypeCompatibility } from '../../catalog/typeCompatibility';
import { resolutionMarkdown } from '../../features/fieldDocs';
import type { FeatureEnv } from '../../features/env';
import type { HoverResult } from '../../features/types';
import { mappingCompletionDocs } from './mappingCompletion';

const KEY_DOCS: Partial<Record<SiteRole, string>> = { field: 'mapping-parameter:', mapping: 'mapping-key:', dynamicTemplate: 'dynamic-template-key:' };
const KEY_KINDS: Partial<Record<SiteRole, string>> = { field: 'mapping parameter', mapping: 'mapping key', dynamicTemplate: 'dynamic template key' };

export function hoverMapping(doc: MappingDocument, offset: number, env: FeatureEnv): HoverResult | undefined {
  const ref = refAt(doc, offset);
  if (ref) {
    const path = ref.ref.path.slice(0, ref.segment + 1);
    const span = ref.ref.segments[ref.segment - ref.ref.first];
    return { markdown: resolutionMarkdown(path, env.catalog.resolve(path), env.catalog), start: span.start, end: span.end };
  }
  const pos = keyPosition(doc, offset);
  if (pos.kind === 'typeValue') {
    const name = doc.text.slice(pos.replace.start, pos.replace.end);
    const docs = mappingCompletionDocs(`mapping-type:${name}`);
    return docs ? { markdown: docs, start: pos.replace.start, end: pos.replace.end } : undefined;
  }
  if (pos.kind !== 'key' || !pos.key) return undefined;
  const prefix = KEY_DOCS[pos.site.role];
  const docs = prefix && mappingCompletionDocs(`${prefix}${pos.key.key}`);
  if (!docs) return undefined;
  const lines = [`**${pos.key.key}** · ${KEY_KINDS[pos.site.role]}`, '', docs];
  const parameter = pos.site.role === 'field' ? loadMappingParameters().fieldParameter(pos.key.key) : undefined;
  if (parameter && parameter.appliesTo.length < loadTypeCompatibility().esTypes.length) lines.push('', `Applies to: ${parameter.appliesTo.map((t) => `\`${t}\``).join(', ')}`);
  return { markdown: lines.join('\n'), start: pos.key.keySpan.start, end: pos.key.keySpan.end };
}
