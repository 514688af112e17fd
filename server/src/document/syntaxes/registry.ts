// The syntaxes and the formats they are written in: how a file is parsed and written, apart from what it means (a
// file kind, kinds/). Each syntax brings its tolerant parser, its writer, its string decoding and its comments; each
// format names a syntax and the file extensions and editor language ids that say it. This is the one list: a new
// syntax is a folder beside json/, yaml/ and logstash/ and a line here.
//
// JSON, NDJSON and YAML parse into the shared document model (model.ts), which the shared features read and the
// model's writers (writer.ts) write: model formats. A syntax with a tree of its own (Logstash's config language)
// is read only by the kinds written for it, with its own writer: its format says so (`tree: 'own'`), and asking it
// for the model's parse or writer is a programming error, said with the format's name.
import type { DocumentFormat } from '../model';
import { parseGuarded } from './guardedParse';
import type { ParsedValue } from './json/jsonValue';
import { jsonWriter, ndjsonWriter } from './json/jsonWriter';
import { type LogstashParse, parseLogstash, startsWithSection } from './logstash';
import type { StringSyntax } from './stringOffsets';
import type { SyntaxWriter } from './writer';
import { yamlWriter } from './yaml/yamlWriter';

export type SyntaxName = StringSyntax | 'logstash';

export interface Syntax<Tree> {
  readonly name: SyntaxName;
  /** The whole text, parsed tolerantly: never throws; nesting past MAX_NESTING is one syntax error. */
  parse(text: string): Tree;
  /** What starts a line comment, where the syntax has one (annotated fixtures and disable comments use it). */
  readonly lineComment?: string;
}

interface FormatBase {
  readonly format: DocumentFormat;
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

/** A format whose syntax parses into the shared document model. */
export interface ModelFormat extends FormatBase {
  readonly tree: 'model';
  readonly syntax: Syntax<ParsedValue> & { readonly name: StringSyntax };
  /** The one writer of the format (NDJSON is JSON that never breaks a line). */
  readonly writer: SyntaxWriter;
}

/** A format whose syntax has a tree of its own, read by the kinds written for it (its writer is the syntax's own). */
export interface OwnTreeFormat<Tree> extends FormatBase {
  readonly tree: 'own';
  readonly syntax: Syntax<Tree>;
}

export type Format = ModelFormat | OwnTreeFormat<LogstashParse>;

const json: ModelFormat['syntax'] = { name: 'json', parse: (text) => parseGuarded(text, false) };
const yaml: ModelFormat['syntax'] = { name: 'yaml', parse: (text) => parseGuarded(text, true), lineComment: '#' };
const logstash: Syntax<LogstashParse> = { name: 'logstash', parse: parseLogstash, lineComment: '#' };

/** Every format, in the order a file name is tried against them. */
export const formats: readonly Format[] = [
  { format: 'ndjson', tree: 'model', syntax: json, writer: ndjsonWriter, extensions: /\.(?:ndjson|jsonl)$/i, languageIds: ['ndjson', 'jsonl', 'jsonlines'] },
  { format: 'json', tree: 'model', syntax: json, writer: jsonWriter, extensions: /\.json$/i, languageIds: ['json', 'jsonc'] },
  // `.yml.hbs`: YAML with Handlebars tags (integration packages' agent templates); the kinds that read them skip the tags.
  { format: 'yaml', tree: 'model', syntax: yaml, writer: yamlWriter, extensions: /\.ya?ml(?:\.hbs)?$/i, languageIds: ['yaml'], namePatterns: ['**/*.yml.hbs', '**/*.yaml.hbs'] },
  // A `.conf` file is only a candidate: the Logstash kind confirms it by content (an nginx.conf stays unread).
  { format: 'logstash', tree: 'own', syntax: logstash, extensions: /\.conf$/i, languageIds: ['logstash'], namePatterns: ['**/*.conf'] },
];

const byFormat = new Map(formats.map((f) => [f.format, f]));

export function formatOf(format: DocumentFormat): Format {
  const found = byFormat.get(format);
  if (!found) throw new Error(`No format '${format}' in document/syntaxes/registry.ts`);
  return found;
}

/** A model format's entry; a format with a tree of its own has no model parse or writer, and asking is a programming error. */
export function modelFormatOf(format: DocumentFormat): ModelFormat {
  const found = formatOf(format);
  if (found.tree !== 'model') {
    throw new Error(`The ${format} format has a tree of its own: its kinds read it with its syntax (document/syntaxes/${found.syntax.name}/), not the JSON/YAML model`);
  }
  return found;
}

/** The syntax a model format is written in. */
export function syntaxOf(format: DocumentFormat): StringSyntax {
  return modelFormatOf(format).syntax.name;
}

/** The format a file name says (.json -> json, .ndjson/.jsonl -> ndjson, .yml/.yaml/.yml.hbs -> yaml, .conf -> logstash). */
export function formatFromName(file: string): DocumentFormat | undefined {
  return formats.find((f) => f.extensions.test(file))?.format;
}

/** The format an editor's language id says. */
export function formatFromLanguage(languageId: string | undefined): DocumentFormat | undefined {
  return languageId === undefined ? undefined : formats.find((f) => f.languageIds.includes(languageId))?.format;
}

/**
 * The format of a text whose name says nothing: Logstash when its first word opens a section (`input {`), JSON when
 * it starts with { or [, NDJSON when several lines are objects, else YAML.
 */
export function guessFormat(text: string): DocumentFormat {
  if (startsWithSection(text)) return 'logstash';
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const first = lines[0] ?? '';
  if (first.startsWith('{') && lines.length > 1 && lines.every((l) => l.startsWith('{') && l.endsWith('}'))) return 'ndjson';
  return first.startsWith('{') || first.startsWith('[') ? 'json' : 'yaml';
}
