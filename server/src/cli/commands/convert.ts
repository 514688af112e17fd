// `fieldwise convert`: wikitext <-> HTML and a page's HTML through a conversion service, or the embedded one.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { ConversionClient, ConversionError } from '../../../../conversion/conversionClient';
import { startEmbeddedService } from '../../../../conversion/embeddedService';
import { canonicalPageName, PageNameError } from '../../../../conversion/pageName';
import { CliError, CliIO, Command, EXIT, UsageError } from '../io';

const USAGE = `usage: fieldwise convert wt2html [--body] [FILE|-] [options]
       fieldwise convert html2wt --page TITLE [--oldid N] [FILE|-] [options]
       fieldwise convert page --page TITLE [--oldid N] [options]

Converts through a conversion service (version 1 interface: {base-url}/{prefix}/{page}).
Without --base-url an embedded service runs for the call; it converts wikitext to HTML only.

  wt2html   wikitext to HTML (a full document, or with --body the body's inner HTML)
  html2wt   HTML to wikitext (--oldid: the revision the HTML came from, for a clean round trip)
  page      the HTML of a page's revision (--oldid N), or of its latest revision
            (its id is printed as 'revision N' on standard error)

options:
  --base-url URL   conversion service, e.g. http://127.0.0.1:8000 (default: embedded service)
  --prefix ID      wiki id (default: enwiki)
  --page TITLE     page name (wt2html: defaults to FILE's name without extension)
  --body           wt2html: print only the body's inner HTML
  --oldid N        revision id (html2wt, page)
  --templates DIR  embedded service: folder of templates (Greeting.wiki is {{Greeting}})
  --timeout MS     give up after MS milliseconds (default: 30000)

FILE is read as UTF-8; without FILE or with '-', standard input is read. The result goes to standard output.`;

type Operation = 'wt2html' | 'html2wt' | 'page';
const OPERATIONS: readonly Operation[] = ['wt2html', 'html2wt', 'page'];

interface ConvertArgs {
  operation: Operation;
  file?: string;
  baseUrl?: string;
  prefix: string;
  page?: string;
  body: boolean;
  oldid?: number;
  templates?: string;
  timeoutMs?: number;
}

export const convertCommand: Command = {
  name: 'convert',
  summary: 'convert wikitext <-> HTML through a conversion service (or the embedded one)',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseConvertArgs(args);
    const page = pageFor(parsed);
    const input = parsed.operation === 'page' ? '' : await readInput(parsed.file, io);
    const service = parsed.baseUrl === undefined ? await startEmbedded(parsed.templates) : undefined;
    try {
      const client = createClient(service?.url ?? (parsed.baseUrl as string), parsed);
      const output = await perform(client, parsed, page, input, io).catch((error: unknown) => {
        throw explain(error, parsed.operation, service !== undefined);
      });
      io.stdout(output);
      return EXIT.ok;
    } finally {
      await service?.close();
    }
  },
};

async function perform(client: ConversionClient, args: ConvertArgs, page: string, input: string, io: CliIO): Promise<string> {
  switch (args.operation) {
    case 'wt2html':
      return client.wikitextToHtml(page, input, { bodyOnly: args.body });
    case 'html2wt':
      return client.htmlToWikitext(page, input, { oldid: args.oldid });
    case 'page': {
      const { html, revision } = await client.pageHtml(page, { oldid: args.oldid });
      if (args.oldid === undefined) io.stderr(`revision ${revision}\n`);
      return html;
    }
  }
}

function parseConvertArgs(args: string[]): ConvertArgs {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        'base-url': { type: 'string' },
        prefix: { type: 'string', default: 'enwiki' },
        page: { type: 'string' },
        body: { type: 'boolean', default: false },
        oldid: { type: 'string' },
        templates: { type: 'string' },
        timeout: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [operation, file, ...extra] = positionals;
  if (operation === undefined) throw new UsageError(`missing operation: one of ${OPERATIONS.join(', ')}`);
  if (!OPERATIONS.includes(operation as Operation)) throw new UsageError(`unknown operation '${operation}'; expected one of ${OPERATIONS.join(', ')}`);
  const op = operation as Operation;
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'; give at most one input FILE`);
  if (op === 'page' && file !== undefined) throw new UsageError(`'page' takes no input file (got '${file}')`);
  if (values.body && op !== 'wt2html') throw new UsageError('--body applies to wt2html only');
  if (values.oldid !== undefined && op === 'wt2html') throw new UsageError('--oldid applies to html2wt and page only');
  if (values.templates !== undefined && values['base-url'] !== undefined) {
    throw new UsageError('--templates applies to the embedded service only, not with --base-url');
  }
  if (op !== 'wt2html' && values.page === undefined) throw new UsageError(`--page TITLE is required for ${op}`);
  return {
    operation: op,
    file,
    baseUrl: values['base-url'],
    prefix: values.prefix,
    page: values.page,
    body: values.body,
    oldid: values.oldid === undefined ? undefined : wholeNumber('--oldid', values.oldid, 1),
    templates: values.templates,
    timeoutMs: values.timeout === undefined ? undefined : wholeNumber('--timeout', values.timeout, 1),
  };
}

function wholeNumber(option: string, text: string, min: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${option} expects a whole number of at least ${min}, got '${text}'`);
  }
  return value;
}

async function readInput(file: string | undefined, io: CliIO): Promise<string> {
  if (file === undefined || file === '-') return io.readStdin();
  const absolute = path.resolve(io.cwd, file);
  try {
    return await readFile(absolute, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** The page name to send: --page, else (wt2html) the input file's name without its extension. */
function pageFor(args: ConvertArgs): string {
  let page = args.page;
  if (page === undefined) {
    if (args.file === undefined || args.file === '-') throw new UsageError('--page TITLE is required when reading standard input');
    page = path.basename(args.file, path.extname(args.file));
  }
  try {
    return canonicalPageName(page);
  } catch (error) {
    if (!(error instanceof PageNameError)) throw error;
    throw new UsageError(args.page === undefined ? `${error.message} (from the file name; pass --page TITLE)` : error.message);
  }
}

async function startEmbedded(templates: string | undefined): Promise<{ url: string; close(): Promise<void> }> {
  try {
    return await startEmbeddedService({ templatesDir: templates });
  } catch (error) {
    throw new CliError(`cannot start the embedded conversion service: ${(error as Error).message}`);
  }
}

function createClient(baseUrl: string, args: ConvertArgs): ConversionClient {
  try {
    return new ConversionClient({ baseUrl, prefix: args.prefix, timeoutMs: args.timeoutMs });
  } catch (error) {
    // Only the command line's own values reach the constructor, so its complaints are usage mistakes.
    if (error instanceof ConversionError) throw new UsageError(error.message);
    throw error;
  }
}

function explain(error: unknown, operation: Operation, embedded: boolean): Error {
  if (!(error instanceof ConversionError)) return error instanceof Error ? error : new Error(String(error));
  if (error.kind === 'not-available' && embedded) {
    return new CliError(`'${operation}' is not available in the embedded service; pass --base-url URL of a conversion service such as Parsoid`);
  }
  if (error.kind === 'bad-request' && error.status === undefined) return new UsageError(error.message);
  return new CliError(error.message);
}
