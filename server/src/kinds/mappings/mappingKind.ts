// Index templates and mappings as a file kind: legacy, composable and component templates, `PUT my-index` bodies,
// bare mappings and integration packages' manifests, as files or console requests (`PUT _index_template/x`,
// `PUT idx/_mapping`, `PUT idx`). Its findings read the workspace's component templates and written fields.
import { fileType } from '../../document/fileType';
import { limitedTo } from '../../features/completionLimit';
import { sharedRules } from '../../features/rules';
import type { FileKind } from '../kind';
import { wholeCheck } from '../kind';
import { looksLikeMapping, mightBeMapping } from './looksLikeMapping';
import { completeMapping, mappingCompletionDocs } from './mappingCompletion';
import { checkMapping } from './mappingDiagnostics';
import { mappingEndpoint, MappingDocument, parseMappingDocument } from './mappingDocument';
import { mappingFixes } from './mappingFixes';
import { mappingHints } from './mappingHints';
import { hoverMapping } from './mappingHover';
import { mappingRules } from './mappingRules';
import { workspaceRef } from '../../features/workspaceRefs';
import { mappingSymbols, renameMapping } from './mappingOutline';

export const mappingKind: FileKind<MappingDocument> = {
  name: 'mapping',
  noun: 'mapping file',
  cliName: 'mapping',
  formats: ['json', 'yaml'],
  // Shared with field definition files, which claim the YAML lists among them.
  files: {
    setting: 'mappings',
    defaults: [
      '**/fields/*.{yml,yaml}', '**/_meta/fields.yml', '**/fields.yml', '**/fields.*.yml', '**/data_stream/*/manifest.yml',
      '**/elasticsearch/**/*template*.json', '**/index_templates/**/*.{json,yml,yaml}', '**/component_templates/**/*.{json,yml,yaml}',
      '**/elasticsearch/component/*.json',
    ],
  },
  rules: [...sharedRules, ...mappingRules],
  recognise(probe) {
    if (!mightBeMapping(probe.text)) return false;
    const doc = parseMappingDocument(probe.text, fileType('mapping', probe.format), undefined, probe.whole());
    return looksLikeMapping(doc) && doc;
  },
  takesRequest: (request) => mappingEndpoint(request) !== undefined,
  parse: (text, type, { requests, whole }) => parseMappingDocument(text, type, requests, whole),
  componentTemplates: (doc) => doc.bodies.filter((b) => b.shape === 'componentTemplate').map((b) => ({ name: b.name, fields: b.fields.map((f) => f.ref.joinedPath) })),
  readsWorkspace: true,
  diagnostics: (doc, env) => wholeCheck(() => checkMapping(doc, env)),
  complete: (doc, offset, env, max) => limitedTo(completeMapping(doc, offset, env), doc.text, offset, max),
  completionDocumentation: (docPath) => mappingCompletionDocs(docPath),
  hover: (doc, offset, env) => hoverMapping(doc, offset, env),
  inlayHints: (doc, range, env) => mappingHints(doc, range, env),
  codeActions: (doc, range, { shown }, env) => mappingFixes(doc, shown, range, env),
  symbols: mappingSymbols,
  *references(doc) {
    for (const body of doc.bodies) {
      for (const field of body.fields) yield workspaceRef(field.ref, 'map', 0, { object: field.hasProperties });
      for (const target of body.targets) yield workspaceRef(target.ref, target.ref.access === 'write' ? 'write' : 'read');
    }
  },
  rename: renameMapping,
};
