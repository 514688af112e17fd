// Logstash pipeline configs as a file kind: `.conf` files whose content is Logstash's (their first word, comments
// aside, opens a section: `input {`, `filter {`, `output {`), read with the Logstash syntax
// (document/syntaxes/logstash/): syntax problems, outline, folds and formatting; every field the config names, with
// the name rules and the Logstash rules, completion, hover, level badges and quick fixes.
import { type EcsMode, loadLogstashPluginTable } from '../../catalog/logstashPlugins';
import { fileType } from '../../document/fileType';
import { startsWithSection } from '../../document/syntaxes/logstash';
import { limitedTo } from '../../features/completionLimit';
import type { FeatureEnv } from '../../features/env';
import { sharedRules } from '../../features/rules';
import type { FileKind } from '../kind';
import { completeLogstash, logstashCompletionDocs } from './logstashCompletion';
import { checkLogstash } from './logstashDiagnostics';
import { type LogstashDocument, parseLogstashDocument } from './logstashDocument';
import { logstashFixes } from './logstashFixes';
import { logstashHints } from './logstashHints';
import { hoverLogstash } from './logstashHover';
import { logstashFolding, logstashFormat, logstashOutline } from './logstashLayout';
import { logstashRules } from './logstashRules';
import { logstashAnswers, logstashLinks, logstashReferences, logstashTags, renameLogstash } from './logstashWorkspace';

/** The mode the last check found for a document (its pipeline's); the features that follow read it without reading the folder again. */
const checkedModes = new WeakMap<LogstashDocument, EcsMode>();

function modeOf(doc: LogstashDocument, env: FeatureEnv): EcsMode {
  return checkedModes.get(doc) ?? env.settings.logstash.ecsCompatibility;
}

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
  diagnostics: function* (doc, env) {
    const found = yield* checkLogstash(doc, env);
    checkedModes.set(doc, found.mode);
    return { diagnostics: found.diagnostics, checked: 1, total: 1, parts: 'files' };
  },
  complete: (doc, offset, env, max) => {
    const table = loadLogstashPluginTable();
    return limitedTo(completeLogstash(doc, offset, env, table, doc.refs(modeOf(doc, env)).refs), doc.text, offset, max);
  },
  completionDocumentation: (docPath) => logstashCompletionDocs(loadLogstashPluginTable, docPath),
  hover: (doc, offset, env) => hoverLogstash(offset, env, loadLogstashPluginTable(), doc.refs(modeOf(doc, env))),
  inlayHints: (doc, range, env) => logstashHints(doc.refs(modeOf(doc, env)).refs, range, env.catalog),
  codeActions: (doc, range, { shown }, env) => {
    const { refs, sites } = doc.refs(modeOf(doc, env));
    return logstashFixes(doc, shown, range, refs, sites, loadLogstashPluginTable());
  },
  warmUp(env) {
    // The first completion and hover run cold code (the plugin table's lookups, a parent's candidates, the position
    // search): run once on a small config while the editor is idle.
    const text = 'filter {\n  if [source][ip] {\n    mutate { add_field => { "[event][kind]" => "%{[host][name]}" } }\n  }\n}\n';
    const doc = parseLogstashDocument(text, fileType('logstash', env.format));
    logstashKind.complete(doc, text.indexOf('][ip]') + 2, env, Infinity);
    logstashKind.hover(doc, text.indexOf('[source]') + 1, env);
  },
  symbols: logstashOutline,
  folding: logstashFolding,
  format: logstashFormat,
  // Names read in one file of a pipeline and written in another are the pipeline's own: the workspace index knows them.
  // Read in Logstash 8's default mode: the workspace index reads files without their settings.
  // The workspace's links (logstashWorkspace.ts): find references, rename, the symbol search, go to definition between files.
  references: logstashReferences,
  rename: renameLogstash,
  tags: logstashTags,
  links: logstashLinks,
  answersTo: (_file, doc) => logstashAnswers(doc),
  writtenFields: (doc) => {
    const table = loadLogstashPluginTable();
    return doc.refs(table.ecs.logstashDefault).refs.filter((r) => (r.access === 'write' || r.access === 'update') && !r.metadata && r.ref.path[0] !== '').map((r) => r.ref.joinedPath);
  },
};
