// Shared by the diagnostics tests: documents checked through the language-service facade, answers as
// [code, severity, text of the range] triples, and quick fixes applied to the text.
import assert from 'node:assert/strict';
import { loadCatalog } from '../../server/src/catalog';
import type { Catalog } from '../../server/src/catalog/types';
import type { DocumentFormat } from '../../server/src/document/model';
import { applyEdits } from '../../server/src/kinds/events/edits';
import type { FwDiagnostic, QuickFix } from '../../server/src/features/types';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings, FieldwiseSettings, mergeSettings } from '../../server/src/service/settings';
import { EventDocument, parseEvents } from '../helpers/events';

let catalog: Catalog | undefined;

export function testCatalog(): Catalog {
  return (catalog ??= loadCatalog());
}

export type Triple = [code: string, severity: string, text: string];

/**
 * The codes of the event-documents issue, which these tests cover. Rules of the spec's other guidance (timestamps,
 * related.*, domains, ...) have tests of their own, so a fixture here is not silenced or broken by them.
 */
export const BASE_CODES: readonly string[] = [
  'syntax-error', 'unknown-field', 'nested-only', 'type-mismatch', 'invalid-value', 'missing-required', 'invalid-version', 'out-of-range',
  'not-flat', 'dotted-key', 'deprecated-field', 'foreign-meta-field', 'undefined-field-set', 'unrecommended-value', 'beta-field',
];

export interface CheckOptions {
  /** The codes to look at (default: BASE_CODES). */
  codes?: readonly string[];
  /** Raw client settings (`fieldwise.*` without the prefix), merged over the defaults. */
  settings?: unknown;
  /** The file's workspace-relative path (for globs). */
  file?: string;
}

export function service(options: CheckOptions = {}): LanguageService {
  const settings: FieldwiseSettings = options.settings === undefined ? defaultSettings : mergeSettings(options.settings);
  return new LanguageService(testCatalog(), settings);
}

export function diagnose(text: string, format: DocumentFormat, options: CheckOptions = {}): { doc: EventDocument; diagnostics: FwDiagnostic[]; svc: LanguageService } {
  const svc = service(options);
  const doc = parseEvents(svc, text, format);
  return { doc, svc, diagnostics: svc.diagnostics(doc, options.file ?? 'events/test.json') };
}

/** Every diagnostic of a document (of the codes looked at) as [code, severity, text of its range], in document order. */
export function check(text: string, format: DocumentFormat, options: CheckOptions = {}): Triple[] {
  const codes = options.codes ?? BASE_CODES;
  return diagnose(text, format, options).diagnostics
    .filter((d) => codes.includes(d.code))
    .map((d) => [d.code, d.severity, text.slice(d.start, d.end)]);
}

/** The two fields every event needs, so fixtures show only what they test. */
export const REQUIRED_JSON = '"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}';
export const REQUIRED_YAML = '"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11.0\n';

/** One JSON event with the required fields and `body` (comma-separated properties). */
export function jsonEvent(body = ''): string {
  return `{${REQUIRED_JSON}${body ? `, ${body}` : ''}}`;
}

/** One YAML event with the required fields and `body` (lines). */
export function yamlEvent(body = ''): string {
  return REQUIRED_YAML + body;
}

/** Two NDJSON lines: a correct event, then `body` in an event of its own (the second line carries the finding). */
export function ndjsonEvents(body = ''): string {
  return `${jsonEvent()}\n${jsonEvent(body)}\n`;
}

export interface FixtureRow {
  name: string;
  format: DocumentFormat;
  text: string;
  expect: Triple[];
  options?: CheckOptions;
}

/** The quick fixes offered for the first diagnostic of `code`. */
export function fixesFor(text: string, format: DocumentFormat, code: string, options: CheckOptions = {}): { fixes: QuickFix[]; diagnostic: FwDiagnostic } {
  const { doc, diagnostics, svc } = diagnose(text, format, options);
  const diagnostic = diagnostics.find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} diagnostic in:\n${text}\n(found: ${diagnostics.map((d) => d.code).join(', ')})`);
  const fixes = svc.codeActions(doc, options.file ?? 'events/test.json', diagnostic, diagnostics);
  return { fixes, diagnostic };
}

/**
 * Applies a fix and re-checks: no diagnostic of `code` remains, and every other diagnostic is still there
 * (same code, severity and text), so the fix repaired exactly what it claims.
 */
export function assertFixRepairs(text: string, format: DocumentFormat, fix: QuickFix, code: string, options: CheckOptions = {}): string {
  const fixed = applyEdits(text, fix.edits);
  const after = check(fixed, format, options);
  assert.deepEqual(after.filter((t) => t[0] === code), [], `'${fix.title}' left ${code} in:\n${fixed}`);
  const others = (triples: Triple[]): string[] => triples.filter((t) => t[0] !== code).map((t) => t.join(' ')).sort();
  assert.deepEqual(others(after), others(check(text, format, options)), `'${fix.title}' changed other diagnostics:\n${fixed}`);
  return fixed;
}
