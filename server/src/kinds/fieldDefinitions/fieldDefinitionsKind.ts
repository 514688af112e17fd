// The field definitions file kind as the service sees it: integration packages' fields/*.yml and Beats' fields.yml.
import { parseFieldDefinitions, FieldDefinitionsDocument } from './fieldDefinitionsDocument';
import type { FileKindAdapter } from '../kind';
import { completeFieldDefinitions, definitionCompletionDocs } from './definitionCompletion';
import { checkFieldDefinitions } from './definitionDiagnostics';
import { fieldDefinitionFixes } from './definitionFixes';
import { fieldDefinitionHints } from './definitionHints';
import { hoverFieldDefinitions } from './definitionHover';
import { definitionRules } from './definitionRules';

export const fieldDefinitionsAdapter: FileKindAdapter<FieldDefinitionsDocument> = {
  kind: 'fieldDefinitions',
  rules: definitionRules,
  parse: (text, type) => parseFieldDefinitions(text, type),
  diagnostics: checkFieldDefinitions,
  complete: completeFieldDefinitions,
  completionDocumentation: (docPath) => definitionCompletionDocs(docPath),
  hover: hoverFieldDefinitions,
  inlayHints: fieldDefinitionHints,
  codeActions: (doc, shown, range) => fieldDefinitionFixes(doc, shown, range),
};
