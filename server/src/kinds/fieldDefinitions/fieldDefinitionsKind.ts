// Field definition files as a file kind: integration packages' `fields/*.yml` and Beats' `fields.yml`.
import { fileType } from '../../document/fileType';
import { limitedTo } from '../../features/completionLimit';
import { sharedRules } from '../../features/rules';
import type { FileKind } from '../kind';
import { wholeCheck } from '../kind';
import { completeFieldDefinitions, definitionCompletionDocs } from './definitionCompletion';
import { checkFieldDefinitions } from './definitionDiagnostics';
import { fieldDefinitionFixes } from './definitionFixes';
import { fieldDefinitionHints } from './definitionHints';
import { hoverFieldDefinitions } from './definitionHover';
import { definitionRules } from './definitionRules';
import { FieldDefinitionsDocument, parseFieldDefinitions } from './fieldDefinitionsDocument';
import { renameRefs, workspaceRef } from '../../features/workspaceRefs';
import { declareDefinitions, definitionSymbols } from './definitionOutline';
import { looksLikeFieldDefinitions, mightBeFieldDefinitions } from './looksLikeFieldDefinitions';

export const fieldDefinitionsKind: FileKind<FieldDefinitionsDocument> = {
  name: 'fieldDefinitions',
  noun: 'field definition file',
  cliName: 'fields',
  formats: ['json', 'yaml'],
  // The mappings' setting (mappingKind.ts gives its defaults): of the files it names, the YAML lists are these.
  files: { setting: 'mappings' },
  rules: [...sharedRules, ...definitionRules],
  claims: (probe) => probe.format === 'yaml' && startsAsList(probe.text),
  recognise(probe) {
    if (!mightBeFieldDefinitions(probe.text)) return false;
    const whole = probe.whole();
    return looksLikeFieldDefinitions(whole.root) && parseFieldDefinitions(probe.text, fileType('fieldDefinitions', probe.format), whole);
  },
  parse: (text, type, { whole }) => parseFieldDefinitions(text, type, whole),
  diagnostics: (doc, env) => wholeCheck(() => checkFieldDefinitions(doc, env)),
  complete: (doc, offset, env, max) => limitedTo(completeFieldDefinitions(doc, offset, env), doc.text, offset, max),
  completionDocumentation: (docPath) => definitionCompletionDocs(docPath),
  hover: hoverFieldDefinitions,
  inlayHints: fieldDefinitionHints,
  codeActions: (doc, range, { shown }) => fieldDefinitionFixes(doc, shown, range),
  symbols: definitionSymbols,
  *references(doc) {
    for (const ref of doc.refs) yield workspaceRef(ref, 'define');
  },
  rename: (doc, from, to) => renameRefs(doc.text, doc.type.format, doc.refs, from, to),
  declare: declareDefinitions,
};

/** Whether the first line that is not blank, a comment or a document marker starts a list item (`- name: ...`). */
function startsAsList(text: string): boolean {
  for (const line of text.slice(0, 65536).split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed === '---' || trimmed.startsWith('#')) continue;
    return trimmed.startsWith('- ') || trimmed === '-';
  }
  return false;
}
