// `fieldwise report merge`: folds the JSON or SARIF reports of a run's shards into the report of the whole run.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CliError, CliIO, Command, EXIT, UsageError } from '../io';
import { mergeReports, ReportInput } from '../formats/reportMerge';

const USAGE = [
  'usage: fieldwise report merge REPORT...',
  '',
  'Merges the reports of one run\'s shards (fieldwise check --shard K/N, --format json or sarif) into the report of',
  'the whole run, on standard output: the same format, the findings in path order as an unsharded run lists them.',
  'A merged SARIF log has one run and names no shard (its automation id is dropped): it equals the unsharded log.',
  'Reports of different formats, fieldwise versions or rule sets, or that both hold one file, are refused (exit 2).',
].join('\n');

export const reportCommand: Command = {
  name: 'report',
  summary: 'merge the JSON or SARIF reports of a run\'s shards into one',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message.split('\n')[0], USAGE);
    }
    const [action, ...files] = parsed.positionals;
    if (action !== 'merge') throw new UsageError(action === undefined ? 'name an action: merge' : `unknown action '${action}'; expected: merge`, USAGE);
    if (files.length === 0) throw new UsageError('name the reports to merge', USAGE);
    const inputs: ReportInput[] = files.map((name) => {
      try {
        return { name, text: readFileSync(resolve(io.cwd, name), 'utf8') };
      } catch (error) {
        throw new CliError(`${name}: cannot read: ${(error as Error).message}`, EXIT.usage);
      }
    });
    io.stdout(mergeReports(inputs).text);
    return EXIT.ok;
  },
};
