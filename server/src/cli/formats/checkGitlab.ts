// `fieldwise check --format gitlab`: a GitLab Code Quality report (`artifacts:reports:codequality`), the subset of
// the Code Climate issue format GitLab reads: description, check_name, fingerprint, severity, location.path and
// location.lines.begin. GitLab shows it in merge requests and keeps one issue per fingerprint.
import type { Severity } from '../../features/types';
import type { CheckedFile } from './checkReport';

/** Code Climate's scale: info, minor, major, critical, blocker. */
type CodeQualitySeverity = 'info' | 'minor' | 'major';

function severityOf(severity: Severity): CodeQualitySeverity {
  return severity === 'error' ? 'major' : severity === 'warning' ? 'minor' : 'info';
}

export function renderCheckGitlab(files: readonly CheckedFile[]): string {
  const issues = files.flatMap((f) => f.diagnostics.map((d) => ({
    description: d.message,
    check_name: d.code,
    fingerprint: d.fingerprint,
    severity: severityOf(d.severity),
    location: { path: f.uriPath, lines: { begin: d.range.start.line + 1 } },
  })));
  return `${JSON.stringify(issues, null, 2)}\n`;
}
