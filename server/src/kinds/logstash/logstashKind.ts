// Logstash pipeline configs as a file kind: `.conf` files whose content is Logstash's (their first word, comments
// aside, opens a section: `input {`, `filter {`, `output {`), read with the Logstash syntax
// (document/syntaxes/logstash/): syntax problems, outline, folds and formatting.
import { fileType } from '../../document/fileType';
import { startsWithSection } from '../../document/syntaxes/logstash';
import { sharedRules } from '../../features/rules';
import type { FileKind } from '../kind';
import { wholeCheck } from '../kind';
import { checkLogstash } from './logstashDiagnostics';
import { type LogstashDocument, parseLogstashDocument } from './logstashDocument';
import { logstashRules } from './logstashRules';
import { logstashFolding, logstashFormat, logstashOutline } from './logstashLayout';

export const logstashKind: FileKind<LogstashDocument> = {
  name: 'logstash',
  noun: 'Logstash pipeline',
  cliName: 'logstash',
  formats: ['logstash'],
  files: { setting: 'logstash', defaults: ['**/pipeline/*.conf', '**/conf.d/*.conf', '**/logstash/**/*.conf'] },
  rules: [...sharedRules, ...logstashRules],
  // The globs name folders other programs use too (`/etc/nginx/conf.d/*.conf`): the content confirms the file.
  claims: (probe) => startsWithSection(probe.text),
  recognise: (probe) => startsWithSection(probe.text) && parseLogstashDocument(probe.text, fileType('logstash', probe.format)),
  parse: (text, type) => parseLogstashDocument(text, type),
  // A file's pipeline is its folder's files together: its findings read them.
  readsWorkspace: false,
  diagnostics: (doc, env) => wholeCheck(() => checkLogstash(doc, env)),
  complete: () => ({ entries: [], incomplete: false }),
  hover: () => undefined,
  inlayHints: () => [],
  codeActions: () => [],
  symbols: logstashOutline,
  folding: logstashFolding,
  format: logstashFormat,
};
