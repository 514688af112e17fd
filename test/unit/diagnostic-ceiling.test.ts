// The ceiling on information and hint diagnostics in the editor (lsp/diagnosticCeiling.ts): errors and warnings all
// kept, the first information and hints kept in document order, and one notice saying how many were left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CEILING_CODE, withinCeiling } from '../../server/src/lsp/diagnosticCeiling';
import type { FwDiagnostic, Severity } from '../../server/src/features/types';

const finding = (severity: Severity, at: number): FwDiagnostic => ({ code: `c-${severity}`, severity, message: `${severity} at ${at}`, start: at, end: at + 1 });

test('past the ceiling, every error and warning stays, the first information and hints stay, and the notice counts the rest', () => {
  const findings = Array.from({ length: 4000 }, (_, i) => finding((['error', 'warning', 'information', 'hint'] as const)[i % 4], i));
  const kept = withinCeiling(findings, 1000);
  const notice = kept.filter((d) => d.code === CEILING_CODE);
  assert.equal(notice.length, 1);
  assert.match(notice[0].message, /^1,000 more information and hint diagnostics in this file are not shown \(the first 1,000 are; every error and warning is\)/);
  assert.equal(kept.filter((d) => d.severity === 'error' || d.severity === 'warning').length, 2000);
  const low = kept.filter((d) => d.code !== CEILING_CODE && (d.severity === 'information' || d.severity === 'hint'));
  assert.deepEqual(low.map((d) => d.start), findings.filter((d) => d.severity === 'information' || d.severity === 'hint').slice(0, 1000).map((d) => d.start));
});

test('the notice groups large counts by thousands', () => {
  const findings = Array.from({ length: 1_234_567 + 10 }, (_, i) => finding('hint', i));
  const notice = withinCeiling(findings, 10).find((d) => d.code === CEILING_CODE);
  assert.match(notice?.message ?? '', /^1,234,567 more information and hint diagnostics .*the first 10 are/);
});

test('within the ceiling the findings are answered as they are', () => {
  const findings = [finding('hint', 1), finding('error', 2)];
  assert.equal(withinCeiling(findings, 1000), findings);
});
