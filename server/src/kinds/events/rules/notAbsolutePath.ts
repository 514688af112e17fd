// not-absolute-path: process.executable, or the first of process.args, that is not an absolute path
// (POSIX `/usr/bin/ssh`, Windows `C:\Windows\cmd.exe`, UNC `\\server\share\tool.exe`).
import { childPath } from '../../../document/fieldRefs';
import { stringAt } from '../eventValues';
import { isAbsolutePath } from '../../../features/values/notation';
import type { Finding, Rule } from '../../../features/rule';
import { placementsWritten } from '../setPlacements';
import { findingAt, quote, valueSpan } from '../../../features/values/values';

export const notAbsolutePath: Rule = {
  code: 'not-absolute-path',
  defaultSeverity: 'warning',
  title: 'Executable is not an absolute path',
  spec: 'Arguments, starting with absolute path of the executable. Absolute path',
  specSource: 'Document 2, Process fields, process.args and process.executable',
  scope: 'event',
  check(ctx) {
    const out: Finding[] = [];
    for (const prefix of placementsWritten(ctx, 'process')) {
      const executable = stringAt(ctx.view, childPath(prefix, 'executable'));
      if (executable && executable.value.trim() !== '' && !isAbsolutePath(executable.value)) {
        out.push(findingAt(valueSpan(executable.node), { message: `${prefix}.executable is the absolute path of the executable; found ${quote(executable.value)}` }));
      }
      const args = ctx.view.all(childPath(prefix, 'args')).find((ref) => ref.value?.kind === 'array')?.value;
      const first = args?.kind === 'array' ? args.items[0] : undefined;
      if (first?.kind === 'string' && String(first.value).trim() !== '' && !isAbsolutePath(String(first.value))) {
        out.push(findingAt(valueSpan(first), { message: `${prefix}.args starts with the absolute path of the executable; found ${quote(String(first.value))}` }));
      }
    }
    return out;
  },
};
