// `fieldwise check --format junit`: JUnit XML, one test case per file, as CI systems show test reports (GitLab's
// `artifacts:reports:junit`, Jenkins, Buildkite Test Analytics). A file with errors fails (the failure lists them);
// its other findings go to its system-out; a file no kind recognises is skipped. No times: the report of a run is the
// same at any --jobs.
import type { CheckedFile, LocatedDiagnostic } from './checkReport';

/** What XML 1.0 cannot hold (control characters, lone surrogates) becomes U+FFFD; then the five special characters. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function line(file: CheckedFile, d: LocatedDiagnostic): string {
  return `${file.file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code} ${d.message.replace(/\r?\n/g, ' ')}`;
}

/** `suiteName`: the test suite's name (the shard's, when sharded). */
export function renderCheckJunit(files: readonly CheckedFile[], suiteName: string): string {
  let failures = 0;
  let skipped = 0;
  const cases = files.map((f) => {
    const attributes = `classname="${escapeXml(`fieldwise.${f.kind ?? 'not-recognised'}`)}" name="${escapeXml(f.file)}" file="${escapeXml(f.uriPath)}"`;
    if (f.kind === undefined) {
      skipped++;
      const why = f.diagnostics[0]?.message ?? 'not recognised';
      return `    <testcase ${attributes}>\n      <skipped message="${escapeXml(why)}"/>\n    </testcase>`;
    }
    const errors = f.diagnostics.filter((d) => d.severity === 'error');
    const others = f.diagnostics.filter((d) => d.severity !== 'error');
    const body: string[] = [];
    if (errors.length > 0) {
      failures++;
      const what = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
      body.push(`      <failure type="error" message="${escapeXml(what)}">${escapeXml(errors.map((d) => line(f, d)).join('\n'))}</failure>`);
    }
    if (others.length > 0) body.push(`      <system-out>${escapeXml(others.map((d) => line(f, d)).join('\n'))}</system-out>`);
    return body.length === 0 ? `    <testcase ${attributes}/>` : `    <testcase ${attributes}>\n${body.join('\n')}\n    </testcase>`;
  });
  const counts = `tests="${files.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  const name = escapeXml(suiteName);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" ${counts}>`,
    `  <testsuite name="${name}" ${counts}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
