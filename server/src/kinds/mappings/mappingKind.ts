// The mapping file kind as the service sees it: index templates, mappings and manifests, as files or console
// requests (`PUT _index_template/x`, `PUT idx/_mapping`, `PUT idx`), parsed by document/mapping/ and answered by
// the features of this folder.
import { mappingEndpoint, MappingDocument, parseMappingDocument } from './mappingDocument';
import type { FileKindAdapter } from '../kind';
import { completeMapping, mappingCompletionDocs } from './mappingCompletion';
import { checkMapping } from './mappingDiagnostics';
import { mappingFixes } from './mappingFixes';
import { mappingHints } from './mappingHints';
import { hoverMapping } from './mappingHover';
import { mappingRules } from './mappingRules';

export const mappingAdapter: FileKindAdapter<MappingDocument> = {
  kind: 'mapping',
  rules: mappingRules,
  takesRequest: (request) => mappingEndpoint(request) !== undefined,
  parse: (text, type, requests) => parseMappingDocument(text, type, requests),
  componentTemplates: (doc) => doc.bodies.filter((b) => b.shape === 'componentTemplate').map((b) => ({ name: b.name, fields: b.fields.map((f) => f.ref.joinedPath) })),
  diagnostics: (doc, env) => checkMapping(doc, env),
  complete: (doc, offset, env) => completeMapping(doc, offset, env),
  completionDocumentation: (docPath) => mappingCompletionDocs(docPath),
  hover: (doc, offset, env) => hoverMapping(doc, offset, env),
  inlayHints: (doc, range, env) => mappingHints(doc, range, env),
  codeActions: (doc, shown, range, env) => mappingFixes(doc, shown, range, env),
};
