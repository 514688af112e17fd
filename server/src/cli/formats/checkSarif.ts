// `fieldwise check --format sarif`: a SARIF 2.1.0 log for code-scanning tools, with every rule's metadata. Paths are
// relative to %SRCROOT%, the folder the run ran in, which the log does not spell out (the machine's path would differ
// between runs and shards); each result has a fingerprint that holds across runs and machines, and a sharded run
// names its shard in `automationDetails.id` (GitHub takes the part before the last `/` as the upload's category).
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuleInfo, Severity } from '../../features/types';
import type { CheckedFile } from './checkReport';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';
/** The key of our partial fingerprint; the version changes if the fingerprint's recipe ever does. */
export const FINGERPRINT_KEY = 'fieldwise/v1';

type SarifLevel = 'error' | 'warning' | 'note';

function level(severity: Severity): SarifLevel {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

/** `unknown-field` -> `UnknownField`: SARIF's rule `name` is an identifier-like word. */
function ruleName(code: string): string {
  return code.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function artifactLocation(path: string): { uri: string; uriBaseId?: string } {
  if (isAbsolute(path)) return { uri: pathToFileURL(path).href };
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

/** The automation id of a sharded run's log: `fieldwise/shard-2-of-4/` (category `fieldwise/shard-2-of-4`). */
export function sarifAutomationId(shardName: string): string {
  return `fieldwise/${shardName}/`;
}

/**
 * `rules`: every code the run may report, every kind's alike (allRules); `shardName` names a sharded run's share
 * (`shard-2-of-4`), and no automation details are written without one (the uploader's own category applies then).
 */
export function renderCheckSarif(files: readonly CheckedFile[], rules: readonly RuleInfo[], version: string, shardName?: string): string {
  const index = new Map(rules.map((r, i) => [r.code, i]));
  const results = files.flatMap((f) => f.diagnostics.map((d) => {
    const ruleIndex = index.get(d.code);
    return {
      ruleId: d.code,
      ...(ruleIndex === undefined ? {} : { ruleIndex }),
      level: level(d.severity),
      message: { text: d.message },
      locations: [{
        physicalLocation: {
          artifactLocation: artifactLocation(f.uriPath),
          region: {
            startLine: d.range.start.line + 1,
            startColumn: d.range.start.character + 1,
            endLine: d.range.end.line + 1,
            endColumn: d.range.end.character + 1,
          },
        },
      }],
      partialFingerprints: { [FINGERPRINT_KEY]: d.fingerprint },
      properties: { severity: d.severity },
    };
  }));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'fieldwise',
          version,
          rules: rules.map((r) => ({
            id: r.code,
            name: ruleName(r.code),
            shortDescription: { text: r.title },
            fullDescription: { text: r.spec },
            help: { text: `${r.spec}\nSource: ${r.specSource}.` },
            defaultConfiguration: { level: level(r.defaultSeverity) },
            properties: { defaultSeverity: r.defaultSeverity, specSource: r.specSource },
          })),
        },
      },
      ...(shardName === undefined ? {} : { automationDetails: { id: sarifAutomationId(shardName) } }),
      originalUriBaseIds: { [SRCROOT]: { description: { text: 'The folder fieldwise check ran in: every relative path is below it (the repository root in CI).' } } },
      columnKind: 'utf16CodeUnits',
      results,
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
