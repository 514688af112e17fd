// A pipeline found by its content is parsed once when it opens: detection reads its content, and the parse that
// follows takes that reading (it parsed the text twice for detection and once more for its references).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCounter } from '../../server/src/document/parseCounter';
import type { PipelineDocument } from '../../server/src/kinds/pipelines/pipelineDocument';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { testCatalog } from './diagnostics-fixture';

const pipeline = (target: string): string => `${JSON.stringify({
  description: 'vendor firewall',
  processors: [
    { grok: { field: 'message', patterns: ['%{IP:source.ip} %{WORD:fortinet.action}'] } },
    { rename: { field: 'srcport', target_field: target } },
    { set: { field: 'event.kind', value: 'event', if: 'ctx.fortinet?.action != null' } },
  ],
}, null, 2)}\n`;

const refsOf = (doc: PipelineDocument): string[] => doc.refs.map((r) => `${r.access} ${r.joinedPath} ${r.segments.map((s) => `${s.start}-${s.end}`).join(',')}`);

test('a content-detected pipeline is parsed once from detection to its references, with the references of a parse of its own', () => {
  const lsp = new LanguageService(testCatalog());
  const text = pipeline('source.port');
  const before = parseCounter.wholeFiles;
  const type = lsp.fileTypeOf('firewall.json', text, defaultSettings);
  assert.equal(type?.kind, 'ingestPipeline');
  const doc = lsp.parse(text, type) as PipelineDocument;
  assert.equal(parseCounter.wholeFiles - before, 1, 'detection and parse share one parse');
  const fresh = new LanguageService(testCatalog()).parse(text, type) as PipelineDocument;
  assert.deepEqual(refsOf(doc), refsOf(fresh));
  assert.ok(refsOf(doc).includes(`write source.port ${text.indexOf('source.port')}-${text.indexOf('source.port') + 6},${text.indexOf('source.port') + 7}-${text.indexOf('source.port') + 11}`));
});

test('detection of one text never hands its parse to another: an edited text is parsed as it reads', () => {
  const lsp = new LanguageService(testCatalog());
  const text = pipeline('source.port');
  const type = lsp.fileTypeOf('firewall.json', text, defaultSettings)!;
  const edited = pipeline('destination.port');
  const doc = lsp.parse(edited, type) as PipelineDocument;
  assert.ok(doc.refs.some((r) => r.joinedPath === 'destination.port'));
  assert.ok(!doc.refs.some((r) => r.joinedPath === 'source.port'));
});
