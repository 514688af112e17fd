// `fieldwise fields`: prints every field of the catalog as JSON rows, Markdown, a JSON Schema, an index template or
// component templates.
import { isAbsolute, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { Catalog, DefinitionError, loadCatalog, workspaceDefinitions } from '../../catalog';
import { CliError, CliIO, Command, EXIT, UsageError } from '../io';
import { renderComponentTemplates } from '../formats/componentTemplates';
import { renderIndexTemplate } from '../formats/indexTemplate';
import { renderJson } from '../formats/json';
import { renderJsonSchema } from '../formats/jsonSchema';
import { renderMarkdown } from '../../catalog/fieldsMarkdown';

const FORMATS: Record<string, (catalog: Catalog) => string> = {
  json: renderJson,
  markdown: renderMarkdown,
  'json-schema': renderJsonSchema,
  'index-template': renderIndexTemplate,
  'component-templates': renderComponentTemplates,
};

const USAGE = [
  'usage: fieldwise fields [--format json|markdown|json-schema|index-template|component-templates]',
  '                       [--definitions PATH]...',
  '',
  'Prints every field of the schema, with reuses expanded.',
  '',
  'options:',
  '  --format FORMAT      json (default): one object per field path',
  '                       markdown: a reference grouped by field set',
  '                       json-schema: a JSON Schema (2020-12) for nested event documents',
  '                       index-template: an Elasticsearch composable index template',
  '                       component-templates: one component template per field set (schema_1.11.0_SET)',
  '                         and the index template composing them, as console requests',
  '                         (PUT _component_template/NAME ... PUT _index_template/events)',
  '  --definitions PATH   custom definitions: a file, a folder or a glob; repeatable.',
  '                       Default: .fieldwise/*.yml when the current folder has .fieldwise/',
].join('\n');

export interface FieldsOptions {
  format: string;
  definitions: string[];
}

export function parseFieldsArgs(args: string[]): FieldsOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        format: { type: 'string', default: 'json' },
        definitions: { type: 'string', multiple: true, default: [] },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0], USAGE);
  }
  const { format, definitions } = parsed.values;
  if (!(format in FORMATS)) {
    throw new UsageError(`unknown format '${format}'; expected one of: ${Object.keys(FORMATS).join(', ')}`, USAGE);
  }
  return { format, definitions };
}

export const fieldsCommand: Command = {
  name: 'fields',
  summary: 'print every schema field as JSON, Markdown, a JSON Schema, an index template or component templates',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const options = parseFieldsArgs(args);
    const definitions = options.definitions.length > 0 ? options.definitions : workspaceDefinitions(io.cwd);
    let catalog: Catalog;
    try {
      catalog = loadCatalog({ definitions, cwd: io.cwd });
    } catch (error) {
      if (error instanceof DefinitionError) throw new CliError(`invalid field definitions:\n${relativeTo(io.cwd, error).message}`);
      throw error;
    }
    io.stdout(FORMATS[options.format](catalog));
    return EXIT.ok;
  },
};

/** Problems in files below the working folder are named relative to it, as the user typed them. */
function relativeTo(cwd: string, error: DefinitionError): DefinitionError {
  return new DefinitionError(error.problems.map((problem) => {
    const path = relative(cwd, problem.file);
    return path.startsWith('..') || isAbsolute(path) ? problem : { ...problem, file: path };
  }));
}
