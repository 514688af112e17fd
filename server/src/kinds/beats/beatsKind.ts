// Beats and Elastic Agent processor configurations as a file kind: `filebeat.yml` and the other Beats' files,
// `modules.d/*.yml`, `inputs.d/*.yml`, `elastic-agent.yml`, Beats module `config/*.yml` (Go templates) and integration
// packages' `agent/stream/*.yml.hbs` and `agent/input/*.yml.hbs` (Handlebars). YAML, templates tolerated. A large file
// is read as a skeleton and one unit per processor (beatsDocument.ts); the features read the pieces around the offset.
import { loadBeatsProcessorTable } from '../../catalog/beatsProcessors';
import { fileType } from '../../document/fileType';
import type { CacheSlot } from '../../features/featureCaches';
import { limitedTo } from '../../features/completionLimit';
import { sharedRules } from '../../features/rules';
import type { FileKind } from '../kind';
import { wholeCheck } from '../kind';
import { beatsCompletionDocs, completeBeats } from './beatsCompletion';
import { checkBeats } from './beatsDiagnostics';
import { BEATS_KIND, BeatsDocument, parseBeatsDocument, SPLIT_ABOVE } from './beatsDocument';
import { beatsEnv } from './beatsEnv';
import { beatsFixes } from './beatsFixes';
import { beatsHints } from './beatsHints';
import { hoverBeats } from './beatsHover';
import { beatsLinks, beatsOutline, beatsTags } from './beatsOutline';
import { beatsReferences, renameBeats } from './beatsRefs';
import { pieceRules } from './beatsRules';
import { looksLikeBeats, mightBeBeats } from './looksLikeBeats';

/** Files whose last reading recognition keeps: a few open configurations at a time is the case. */
const LAST_READ = 8;

/** Per file, the document recognition read last: the next version keeps its unchanged processors. */
const lastReadSlot: CacheSlot<Map<string, BeatsDocument>> = { name: 'beats documents', create: () => new Map() };

export const beatsKind: FileKind<BeatsDocument> = {
  name: BEATS_KIND,
  noun: 'Beats configuration',
  cliName: 'beats',
  formats: ['yaml'],
  files: {
    setting: 'beats',
    defaults: [
      '**/{filebeat,metricbeat,winlogbeat,auditbeat,packetbeat,heartbeat,functionbeat,journalbeat,osquerybeat}*.{yml,yaml}',
      '**/modules.d/*.{yml,yaml}', '**/inputs.d/*.{yml,yaml}', '**/elastic-agent*.{yml,yaml}',
      '**/module/*/*/config/*.{yml,yaml}', '**/agent/stream/*.{yml,yaml}.hbs', '**/agent/input/*.{yml,yaml}.hbs',
    ],
  },
  rules: [...sharedRules, ...pieceRules],
  recognise(probe, env) {
    if (!mightBeBeats(probe.text)) return false;
    const last = env.caches.slot(lastReadSlot);
    // A small text without templates is parsed whole, once for every kind recognition asks.
    const whole = probe.text.length < SPLIT_ABOVE && !probe.text.includes('{{') ? probe.whole() : undefined;
    const doc = parseBeatsDocument(probe.text, fileType(BEATS_KIND, probe.format), loadBeatsProcessorTable(), { previous: last.get(probe.file), whole });
    if (!looksLikeBeats(doc)) return false;
    if (probe.checkNext) {
      last.delete(probe.file);
      last.set(probe.file, doc);
      // The oldest file's go first (a Map iterates in insertion order).
      if (last.size > LAST_READ) last.delete(last.keys().next().value!);
    }
    return doc;
  },
  parse: (text, type, { previous, whole }) => parseBeatsDocument(text, type, loadBeatsProcessorTable(), { previous, whole }),
  diagnostics: (doc, env) => wholeCheck(() => checkBeats(doc, beatsEnv(env))),
  complete: (doc, offset, env, max) => limitedTo(completeBeats(doc, offset, beatsEnv(env)), doc.text, offset, max),
  completionDocumentation: (docPath) => beatsCompletionDocs(loadBeatsProcessorTable, docPath),
  hover: (doc, offset, env) => hoverBeats(doc, offset, beatsEnv(env)),
  inlayHints: (doc, range, env) => beatsHints(doc, range, beatsEnv(env)),
  codeActions: (doc, range, { shown }) => beatsFixes(doc, shown, range),
  symbols: (doc) => beatsOutline(doc),
  references: beatsReferences,
  rename: renameBeats,
  tags: beatsTags,
  links: beatsLinks,
  writtenFields: (doc) => writtenPaths(doc),
};

function* writtenPaths(doc: BeatsDocument): Iterable<string> {
  for (const reading of [doc.skeleton, ...doc.units.map((u) => u.unit.reading())]) {
    for (const ref of reading.refs) if (ref.access === 'write' && !ref.detail.removes) yield ref.joinedPath;
    for (const ref of reading.fixedWrites) yield ref.joinedPath;
  }
}
