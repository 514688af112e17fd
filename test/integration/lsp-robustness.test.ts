// The server never crashes or hangs: every file of the real-world corpus (../shared/corpus) opened as an event
// document, and junk (binary bytes, nesting 10,000 deep, a 5 MB line). Every request must be answered, and no
// feature may fail (a failing feature is logged by the server as "fieldwise: <feature> failed"; the harness refuses
// an answer that came with one).
// Needs `npm run build` first (dist/server.js).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { extname, join } from 'node:path';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { fileUri, LspSession, messageText, REPO, startServer } from '../fixtures/lsp/harness';
import { corpusCases, corpusPath, readCorpus } from '../helpers/corpus';

const ANSWER_MS = 30000;
const languages: Record<string, string> = { '.json': 'json', '.ndjson': 'json', '.jsonl': 'json', '.yml': 'yaml', '.yaml': 'yaml' };

async function answered<T>(what: string, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer to ${what} within ${ANSWER_MS} ms`)), ANSWER_MS);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every feature at `points` positions spread over the document, plus the whole-document ones. */
async function exercise(server: LspSession, uri: string, label: string, points = 24): Promise<void> {
  const length = server.document(uri).getText().length;
  await answered(`${label}: diagnostics`, server.diagnostics(uri));
  await answered(`${label}: inlay hints`, server.inlayHints(uri));
  await answered(`${label}: code actions`, server.codeActions(uri, 0, length));
  for (let i = 0; i <= points; i++) {
    const offset = Math.floor((length * i) / points);
    await answered(`${label}: completion at ${offset}`, server.completion(uri, offset));
    await answered(`${label}: hover at ${offset}`, server.hover(uri, offset));
  }
}

function assertNoFailures(server: LspSession, what: string): void {
  server.assertNoFailures(what);
  assert.equal(server.child.exitCode, null, 'the server is still running');
}

// Outside the describe: with the corpus missing, its failing test must not wait on a server started in the corpus.
const corpusFilesToOpen = corpusCases('files');

describe('the real-world corpus, every file opened as an event document', () => {
  let server: LspSession;
  // Every JSON and YAML file counts as an event document here, whatever its name or content.
  before(async () => { server = await startServer({ workspace: corpusPath(''), settings: { files: { events: ['**'] } } }); });
  after(async () => { await server.stop(); });

  for (const name of corpusFilesToOpen) {
    test(name, async () => {
      const languageId = languages[extname(name)] ?? 'plaintext';
      const uri = fileUri(corpusPath(name));
      server.open(uri, languageId, readCorpus(name));
      await exercise(server, uri, name);
      server.close(uri);
      assertNoFailures(server, name);
    });
  }
});

/** Deterministic junk: bytes from a small linear congruential generator, read as Latin-1 (every byte a character). */
function binaryJunk(size: number, seed: number): string {
  const bytes = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 16;
  }
  return bytes.toString('latin1');
}

const DEEP = 10000;
const NEAR_LIMIT = 480;

const yamlBlock = (depth: number): string => Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n';

interface JunkCase {
  name: string;
  ext: string;
  text: () => string;
  /** The one diagnostic the server reports about the nesting, if any. */
  tooDeep?: boolean;
}

const junk: JunkCase[] = [
  { name: 'binary bytes as JSON', ext: '.json', text: () => binaryJunk(256 * 1024, 1) },
  { name: 'binary bytes as NDJSON', ext: '.ndjson', text: () => binaryJunk(256 * 1024, 2) },
  { name: 'binary bytes as YAML', ext: '.yaml', text: () => binaryJunk(256 * 1024, 3) },
  { name: 'NUL characters and lone surrogates', ext: '.json', text: () => `{"@timestamp": "\u0000\ud800", "source": {"ip\udfff": "\u0000"}, "\u0000": [\ud83d]}` },
  { name: 'JSON objects nested 10,000 deep', ext: '.json', text: () => '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP), tooDeep: true },
  { name: 'JSON arrays nested 10,000 deep, unclosed', ext: '.json', text: () => '['.repeat(DEEP), tooDeep: true },
  { name: 'NDJSON line nested 10,000 deep', ext: '.ndjson', text: () => '{"@timestamp":"2021-01-01T00:00:00Z"}\n' + '{"a":['.repeat(DEEP) + '\n', tooDeep: true },
  // 3,000 levels: 10,000 block levels indent to a 50 MB file, past fieldwise.maxFileSize (not analysed at all: large-files.test.ts).
  { name: 'YAML block mappings nested 3,000 deep', ext: '.yaml', text: () => yamlBlock(3000), tooDeep: true },
  { name: 'YAML flow collections nested 10,000 deep', ext: '.yaml', text: () => 'a: ' + '[{b: '.repeat(DEEP / 2) + '1' + '}]'.repeat(DEEP / 2), tooDeep: true },
  { name: `JSON objects nested ${NEAR_LIMIT} deep (under the limit: fully served)`, ext: '.json', text: () => '{"source":'.repeat(NEAR_LIMIT) + '{"ip": 1}' + '}'.repeat(NEAR_LIMIT) },
  { name: `JSON arrays nested ${NEAR_LIMIT} deep`, ext: '.json', text: () => '{"tags":' + '['.repeat(NEAR_LIMIT) + '"a"' + ']'.repeat(NEAR_LIMIT) + '}' },
  { name: `YAML block nested ${NEAR_LIMIT} deep`, ext: '.yaml', text: () => yamlBlock(NEAR_LIMIT) },
  { name: `YAML flow nested ${NEAR_LIMIT} deep`, ext: '.yaml', text: () => 'event: ' + '{a: ['.repeat(NEAR_LIMIT / 2 - 1) + '1' + ']}'.repeat(NEAR_LIMIT / 2 - 1) },
  { name: 'a 5 MB line: NDJSON event with a 5 MB value', ext: '.ndjson', text: () => `{"@timestamp":"2021-01-01T00:00:00Z","message":"${'x'.repeat(5 * 1024 * 1024)}"}\n` },
  { name: 'a 5 MB line: JSON event with 100,000 keys on one line', ext: '.json', text: () => `{${Array.from({ length: 100000 }, (_, i) => `"labels.k${i}":"${'v'.repeat(30)}"`).join(',')}}` },
  { name: 'a 5 MB line: YAML plain scalar', ext: '.yaml', text: () => `message: ${'y '.repeat(2.5 * 1024 * 1024)}\n` },
  { name: 'a 5 MB line: unterminated JSON string', ext: '.json', text: () => `{"message": "${'z'.repeat(5 * 1024 * 1024)}` },
];

describe('junk', () => {
  // A server per case: a case that hangs one server cannot hide how the others fare.
  let n = 0;
  for (const c of junk) {
    test(c.name, async () => {
      const server = await startServer({ settings: { files: { events: ['**'] } } });
      try {
        const uri = fileUri(join(REPO, '.junk', `junk-${++n}${c.ext}`));
        server.open(uri, languages[c.ext], c.text());
        await exercise(server, uri, c.name, 8);
        const found = await server.diagnostics(uri);
        const deep = found.filter((d) => /deeper than/.test(messageText(d)));
        if (c.tooDeep) {
          assert.equal(deep.length, 1, 'one diagnostic about the nesting');
          assert.equal(deep[0].code, 'syntax-error');
          assert.equal(deep[0].severity, DiagnosticSeverity.Error);
        } else {
          assert.deepEqual(deep, [], 'no nesting diagnostic under the limit');
        }
        server.close(uri);
        const status = await answered('status afterwards', server.request<{ schemaVersion: string }>('fieldwise/status', null));
        assert.equal(status.schemaVersion, '1.11.0', 'the server still answers afterwards');
        assertNoFailures(server, c.name);
      } finally {
        await server.stop();
      }
    });
  }
});
