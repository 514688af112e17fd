// The syntaxes and the formats they are written in: how a file is parsed and written, apart from what it means (a
// file kind, kinds/). Each syntax brings its tolerant parser, its writer, its string decoding (stringOffsets.ts) and
// its comments; each format names a syntax and the file extensions and editor language ids that say it. This is the
// one list: a new syntax is a folder beside json/ and yaml/ and a line here.
import type { DocumentFormat } from '../model';
import { parseGuarded } from './guardedParse';
import type { ParsedValue } from './json/jsonValue';
import { jsonWriter, ndjsonWriter } from './json/jsonWriter';
import type { StringSyntax } from './stringOffsets';
import type { SyntaxWriter } from './writer';
import { yamlWriter } from './yaml/yamlWriter';

export type SyntaxName = StringSyntax;

export interface Syntax {
  readonly name: SyntaxName;
  /** The whole text, parsed tolerantly: never throws; nesting past MAX_NESTING is one syntax error. */
  parse(text: string): ParsedValue;
  /** What starts a line comment, where the syntax has one (annotated fixtures and disable comments use it). */
  readonly lineComment?: string;
}

export interface Format {
  readonly format: DocumentFormat;
  readonly syntax: Syntax;
  /** The one writer of the format (NDJSON is JSON that never breaks a line). */
  readonly writer: SyntaxWriter;
  /** File names that say the format. */
  readonly extensions: RegExp;
  /** Editor language ids that say the format. */
  readonly languageIds: readonly string[];
  /**
   * Globs of file names that say the format whatever language the editor gives them (a template language's id also
   * names files of other formats): the client hands these to the server by name.
   */
  readonly namePatterns?: readonly string[];
}

const json: Syntax = { name: 'json', parse: (text) => parseGuarded(text, false) };
const yaml: Syntax = { name: 'yaml', parse: (text) => parseGuarded(text, true), lineComment: '#' };

/** Every format, in the order a file name is tried against them. */
export const formats: readonly Format[] = [
  { format: 'ndjson', syntax: json, writer: ndjsonWriter, extensions: /\.(?:ndjson|jsonl)$/i, languageIds: ['ndjson', 'jsonl', 'jsonlines'] },
  { format: 'json', syntax: json, writer: jsonWriter, extensions: /\.json$/i, languageIds: ['json', 'jsonc'] },
  // `.yml.hbs`: YAML with Handlebars tags (integration packages' agent templates); the kinds that read them skip the tags.
  { format: 'yaml', syntax: yaml, writer: yamlWriter, extensions: /\.ya?ml(?:\.hbs)?$/i, languageIds: ['yaml'], namePatterns: ['**/*.yml.hbs', '**/*.yaml.hbs'] },
];

const byFormat = new Map(formats.map((f) => [f.format, f]));

export function formatOf(format: DocumentFormat): Format {
  const found = byFormat.get(format);
  if (!found) throw new Error(`No format '${format}' in document/syntaxes/registry.ts`);
  return found;
}

/** The syntax a format is written in. */
export function syntaxOf(format: DocumentFormat): SyntaxName {
  return formatOf(format).syntax.name;
}

/** The format a file name says (.json -> json, .ndjson/.jsonl -> ndjson, .yml/.yaml/.yml.hbs -> yaml). */
export function formatFromName(file: string): DocumentFormat | undefined {
  return formats.find((f) => f.extensions.test(file))?.format;
}

/** The format an editor's language id says. */
export function formatFromLanguage(languageId: string | undefined): DocumentFormat | undefined {
  return languageId === undefined ? undefined : formats.find((f) => f.languageIds.includes(languageId))?.format;
}

/** The format of a text whose name says nothing: JSON when it starts with { or [, NDJSON when several lines are objects, else YAML. */
export function guessFormat(text: string): DocumentFormat {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const first = lines[0] ?? '';
  if (first.startsWith('{') && lines.length > 1 && lines.every((l) => l.startsWith('{') && l.endsWith('}'))) return 'ndjson';
  return first.startsWith('{') || first.startsWith('[') ? 'json' : 'yaml';
}
