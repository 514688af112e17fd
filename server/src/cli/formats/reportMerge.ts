// `fieldwise report merge`: the reports of a run's shards (`fieldwise check --shard K/N`, JSON or SARIF) folded into
// the report of the whole run, for CI systems that take one file: findings in the report order (checkReport.ts
// `comparePaths`), each file's in its own order. A SARIF merge keeps one run, drops the shard's automation id and is
// then the unsharded run's log. Reports of different formats, tools, rule sets, or of one file twice, are refused.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { builtinSchemaDir } from '../../catalog';
import { definitionValidator } from '../../catalog/validate';
import { CliError, EXIT } from '../io';
import { comparePaths } from './checkReport';

const JSON_REPORT_SCHEMA = 'check-report.schema.json';

export interface ReportInput {
  /** The file's name as given, for messages. */
  name: string;
  text: string;
}

export type ReportFormat = 'json' | 'sarif';

export function mergeReports(inputs: readonly ReportInput[]): { format: ReportFormat; text: string } {
  const parsed = inputs.map((input) => ({ ...input, value: parseJson(input) }));
  const formats = new Set(parsed.map((p) => formatOf(p.name, p.value)));
  if (formats.size > 1) throw refused('the reports are of different formats (JSON and SARIF); merge each format apart');
  const format = [...formats][0] ?? 'json';
  return { format, text: format === 'json' ? mergeJson(parsed) : mergeSarif(parsed) };
}

function refused(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

function parseJson(input: ReportInput): unknown {
  try {
    return JSON.parse(input.text);
  } catch (error) {
    throw refused(`${input.name}: not JSON (${(error as Error).message})`);
  }
}

function formatOf(name: string, value: unknown): ReportFormat {
  if (Array.isArray(value)) return 'json';
  if (isObject(value) && value.version === '2.1.0' && Array.isArray(value.runs)) return 'sarif';
  throw refused(`${name}: neither a JSON report (an array of findings) nor a SARIF 2.1.0 log of fieldwise check`);
}

interface JsonRow {
  file: string;
  [key: string]: unknown;
}

function mergeJson(inputs: ReadonlyArray<ReportInput & { value: unknown }>): string {
  const validate = definitionValidator(join(builtinSchemaDir(), JSON_REPORT_SCHEMA));
  const rows: JsonRow[] = [];
  const owner = new Map<string, { report: number; name: string }>();
  for (const [report, input] of inputs.entries()) {
    if (!validate(input.value)) {
      const problems = (validate.errors ?? []).slice(0, 5).map((e) => `  ${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
      throw refused(`${input.name}: not a JSON report of fieldwise check:\n${problems.join('\n')}`);
    }
    for (const row of input.value as JsonRow[]) {
      claim(owner, row.file, report, input.name);
      rows.push(row);
    }
  }
  // A stable sort: each file's findings stay in the order its check gave them.
  rows.sort((a, b) => comparePaths(a.file, b.file));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** One file's findings come from one report: two reports naming it (or one report given twice) are not shards of one run. */
function claim(owner: Map<string, { report: number; name: string }>, file: string, report: number, name: string): void {
  const first = owner.get(file);
  if (first === undefined) owner.set(file, { report, name });
  else if (first.report !== report) throw refused(`${file} is in both ${first.name} and ${name}: the reports overlap (merge the shards of one run)`);
}

interface SarifRun {
  tool: unknown;
  automationDetails?: unknown;
  results: Array<{ locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string } } }> }>;
  [key: string]: unknown;
}

function mergeSarif(inputs: ReadonlyArray<ReportInput & { value: unknown }>): string {
  const runs = inputs.map((input) => ({ name: input.name, run: onlyRun(input.name, input.value) }));
  const tool = JSON.stringify(runs[0].run.tool);
  for (const { name, run } of runs) {
    if (JSON.stringify(run.tool) !== tool) throw refused(`${name}: made by another fieldwise version or with other rules than ${runs[0].name}; merge the shards of one run`);
  }
  const owner = new Map<string, { report: number; name: string }>();
  const results = runs.flatMap(({ name, run }, report) => {
    for (const file of new Set(run.results.map(uriOf))) claim(owner, file, report, name);
    return run.results;
  });
  results.sort((a, b) => comparePaths(pathOfUri(uriOf(a)), pathOfUri(uriOf(b))));
  // The merged run is the whole run: it names no shard.
  const merged: SarifRun = { ...runs[0].run, results };
  delete merged.automationDetails;
  return `${JSON.stringify({ ...(inputs[0].value as Record<string, unknown>), runs: [merged] }, null, 2)}\n`;
}

function onlyRun(name: string, value: unknown): SarifRun {
  const runs = (value as { runs: unknown[] }).runs;
  const run = runs[0];
  const driver = isObject(run) && isObject(run.tool) && isObject(run.tool.driver) ? run.tool.driver : undefined;
  if (runs.length !== 1 || !isObject(run) || !driver || driver.name !== 'fieldwise' || !Array.isArray(run.results)) {
    throw refused(`${name}: not a SARIF log of fieldwise check (one run whose tool is fieldwise)`);
  }
  return run as unknown as SarifRun;
}

function uriOf(result: SarifRun['results'][number]): string {
  return result.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '';
}

/** A result's uri as the path the report order compares: relative ones decoded, file: URLs to their path. */
function pathOfUri(uri: string): string {
  if (uri.startsWith('file:')) return fileURLToPath(uri);
  return uri.split('/').map(decodeURIComponent).join('/');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
