// `fieldwise check` at scale, through the built CLI (dist/cli.js and its worker, dist/checkWorker.js) on a generated
// integrations tree (bench/generateIntegrations.ts, small) with loose files beside it: standard output byte for byte
// the same at any --jobs; the shards of --shard K/N together are the unsharded run, exactly; the merged reports equal
// the unsharded ones; every format validated against its schema or parsed back; --files-from, --changed-since,
// --shard auto, the project configuration, and the refusals of bad input.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import Ajv04 from 'ajv-draft-04';
import sax from 'sax';
import { loadCatalog } from '../../server/src/catalog';
import { writeIntegrationsRepository } from '../../bench/integrationsRepository';

const ROOT = resolve(__dirname, '../..');
const CLI = resolve(ROOT, 'dist/cli.js');

interface Run { code: number; stdout: string; stderr: string }

function fieldwise(args: string[], cwd: string, options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((done) => {
    // The CI's own variables of the machine running the tests would choose a share: only those a test gives count.
    const env: NodeJS.ProcessEnv = { ...process.env, CI: '', FIELDWISE_DEBUG: '', CI_NODE_INDEX: '', CI_NODE_TOTAL: '', BUILDKITE_PARALLEL_JOB: '', BUILDKITE_PARALLEL_JOB_COUNT: '', ...options.env };
    for (const [k, v] of Object.entries(env)) if (v === '') delete env[k];
    const child = execFile(process.execPath, [CLI, ...args], { cwd, env, timeout: 240_000, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin?.end(options.input ?? '');
  });
}

const check = (args: string[], cwd = tree, options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> => fieldwise(['check', ...args], cwd, options);

/** Runs over the generated tree, which no test changes: each command line once. */
const runs = new Map<string, Promise<Run>>();

/** A run that must end with findings (exit 1) and no problem on standard error but the summary. */
async function report(args: string[], cwd = tree, options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const key = JSON.stringify([args, cwd, options]);
  if (cwd !== tree) runs.delete(key);
  if (!runs.has(key)) runs.set(key, check(args, cwd, options));
  const run = await runs.get(key)!;
  assert.equal(run.code, 1, `${args.join(' ')}: exit ${run.code}\n${run.stderr}`);
  assert.doesNotMatch(run.stderr, /cannot read|failed|stopped/, run.stderr);
  return run.stdout;
}

interface JsonRow {
  file: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: string;
  code: string;
  message: string;
}

let work: string;
let tree: string;

/** Loose files beside the packages: every kind by content, console text, a file no kind reads, an empty one, names to escape. */
const LOOSE: Record<string, string> = {
  'loose/events.ndjson': '{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},"source":{"port":"80"}}\n{"@timestamp":"2024-05-01T12:00:01Z","schema":{"version":"1.11.0"},"event":{"kind":"evnt"}}\n',
  'loose/requests.http': 'PUT _ingest/pipeline/web\n{"processors": [{"set": {"field": "host.nam", "value": "x"}}]}\n',
  'loose/notes.json': '{"title": "not a kind Fieldwise reads"}\n',
  'loose/empty.json': '',
  'loose/a,b: c.json': '{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},"user":{"nmae":"x, y: z\\nq"}}\n',
  'loose/ünï cødé %20.json': '{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},"host":{"nmae":"<&>\\u0001"}}\n',
};

before(() => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  assert.ok(existsSync(resolve(ROOT, 'dist/checkWorker.js')), 'dist/checkWorker.js is missing: run npm run build first');
  work = mkdtempSync(join(tmpdir(), 'fieldwise-scale-'));
  tree = join(work, 'repo');
  writeIntegrationsRepository(tree, loadCatalog(), { packages: 7, scale: 0.05, seed: 7 });
  for (const [path, text] of Object.entries(LOOSE)) {
    mkdirSync(join(tree, path, '..'), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
});

after(() => rmSync(work, { recursive: true, force: true }));

const FORMATS = ['text', 'json', 'sarif', 'github', 'gitlab', 'junit'] as const;

// ---------------------------------------------------------------- --jobs

test('standard output is byte for byte the same at --jobs 1, 2 and 3 and without --jobs, in every format', async () => {
  for (const format of FORMATS) {
    const one = await report(['--format', format, '--jobs', '1', '.']);
    assert.ok(one.length > 1000, `${format}: ${one.length} bytes`);
    const jobs = format === 'json' || format === 'text' ? ['2', '3'] : ['3'];
    for (const n of jobs) assert.equal(await report(['--format', format, '--jobs', n, '.']), one, `${format} at --jobs ${n}`);
    if (format === 'json') assert.equal(await report(['--format', format, '.']), one, `${format} without --jobs`);
  }
});

test('files are reported in path order, whatever the order of the arguments', async () => {
  const forward = await report(['--format', 'json', '--jobs', '2', 'loose', 'packages']);
  const backward = await report(['--format', 'json', '--jobs', '1', 'packages', 'loose/']);
  assert.equal(backward, forward);
  const files = [...new Set((JSON.parse(forward) as JsonRow[]).map((r) => r.file))];
  assert.ok(files.indexOf('loose/events.ndjson') < files.indexOf('packages/pkg_000/changelog.yml'));
});

test('the text summary says what was checked and how long it took; a pipe gets no progress line', async () => {
  const run = await check(['--jobs', '2', '.']);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^fieldwise check: \d+ event documents, \d+ pipeline files, \d+ field definition files, \d+ mapping files and \d+ files not recognised checked: \d+ errors, \d+ warnings, \d+ information, \d+ hints in \d+\.\d+ s\n$/);
  assert.doesNotMatch(run.stderr, /\r/);
});

// ---------------------------------------------------------------- --shard

/** The files of a JUnit report, one test case each. */
function testCases(xml: string): Array<{ name: string; classname: string; file: string; failure?: string; skipped?: string; out?: string }> {
  const parser = sax.parser(true, {});
  const cases: ReturnType<typeof testCases> = [];
  let text: 'failure' | 'out' | undefined;
  parser.onerror = (error) => { throw error; };
  parser.onopentag = (node) => {
    const a = node.attributes as Record<string, string>;
    if (node.name === 'testcase') cases.push({ name: a.name, classname: a.classname, file: a.file });
    else if (node.name === 'failure') { cases[cases.length - 1].failure = ''; text = 'failure'; }
    else if (node.name === 'system-out') { cases[cases.length - 1].out = ''; text = 'out'; }
    else if (node.name === 'skipped') cases[cases.length - 1].skipped = a.message;
  };
  parser.onclosetag = () => { text = undefined; };
  parser.ontext = (t) => {
    const c = cases[cases.length - 1];
    if (text === 'failure') c.failure += t;
    if (text === 'out') c.out += t;
  };
  parser.write(xml).close();
  return cases;
}

test('the shares of --shard 1/N ... N/N together are the unsharded run exactly, each file in one share, for several N', async () => {
  // JUnit lists every file, with each of its findings: the shares' test cases together must be the run's, exactly.
  const all = testCases(await report(['--format', 'junit', '.']));
  assert.ok(all.length > 100, `${all.length} files`);
  const key = (c: ReturnType<typeof testCases>[number]): string => JSON.stringify(c);
  for (const total of [2, 3, 5]) {
    const shares = await Promise.all(Array.from({ length: total }, (_, k) => check(['--format', 'junit', '--shard', `${k + 1}/${total}`, '--jobs', '1', '.'])));
    const cases = shares.map((s) => testCases(s.stdout));
    assert.deepEqual(cases.flat().map(key).sort(), all.map(key).sort(), `${total} shares: every file once, with the same findings`);
    for (const pkg of ['packages/pkg_000/', 'packages/pkg_003/']) {
      assert.equal(cases.filter((share) => share.some((c) => c.name.startsWith(pkg))).length, 1, `${pkg} stays in one of ${total} shares`);
    }
    for (const share of cases) assert.ok(share.length > 0, `no share of ${total} is empty`);
  }
});

test('fieldwise report merge: the shards\' JSON and SARIF reports merged equal the unsharded reports', async () => {
  for (const format of ['json', 'sarif']) {
    const whole = await report(['--format', format, '.']);
    const files = [];
    for (let k = 1; k <= 3; k++) {
      const file = join(work, `shard-${k}.${format}`);
      writeFileSync(file, (await check(['--format', format, '--shard', `${k}/3`, '.'])).stdout);
      files.push(file);
    }
    const merged = await fieldwise(['report', 'merge', ...files.reverse()], tree);
    assert.equal(merged.code, 0, merged.stderr);
    assert.equal(merged.stdout, whole, `merged ${format}`);
  }
});

test('fieldwise report merge refuses overlapping, mixed and foreign reports', async () => {
  const json = join(work, 'all.json');
  const sarif = join(work, 'all.sarif');
  writeFileSync(json, await report(['--format', 'json', '.']));
  writeFileSync(sarif, await report(['--format', 'sarif', '.']));
  const foreign = join(work, 'foreign.json');
  writeFileSync(foreign, '{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "eslint"}}, "results": []}]}');
  const cases: Array<[string[], RegExp]> = [
    [[json, json], /is in both .*all\.json and .*all\.json: the reports overlap/],
    [[sarif, sarif], /the reports overlap/],
    [[json, sarif], /different formats/],
    [[foreign], /not a SARIF log of fieldwise check/],
    [[join(work, 'missing.json')], /missing\.json: cannot read/],
    [[], /name the reports to merge/],
  ];
  for (const [files, message] of cases) {
    const run = await fieldwise(['report', 'merge', ...files], work);
    assert.equal(run.code, 2, files.join(' '));
    assert.match(run.stderr, message);
    assert.equal(run.stdout, '');
  }
});

test('--shard auto takes the share from GitLab\'s and Buildkite\'s variables, and refuses without them', async () => {
  const explicit = await report(['--format', 'json', '--shard', '2/3', '.']);
  assert.equal(await report(['--format', 'json', '--shard', 'auto', '.'], tree, { env: { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '3' } }), explicit);
  assert.equal(await report(['--format', 'json', '--shard', 'auto', '.'], tree, { env: { BUILDKITE_PARALLEL_JOB: '1', BUILDKITE_PARALLEL_JOB_COUNT: '3' } }), explicit);
  const none = await check(['--shard', 'auto', '.']);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /--shard auto: no CI variable says this job's share/);
});

// ---------------------------------------------------------------- formats

/** The SARIF 2.1.0 schema as @microsoft/jest-sarif ships it. */
function sarifValidator(): (log: unknown) => void {
  const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
  const validate = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false, logger: false }).compile(schema);
  return (log) => assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
}

/** The parts of a SARIF log these tests read (the validator checks the whole). */
interface SarifLog {
  runs: Array<{ automationDetails?: { id: string }; originalUriBaseIds?: unknown; results: SarifResult[] }>;
}

interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  partialFingerprints: Record<string, string>;
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } } }>;
}

test('sarif: valid, with fingerprints, no machine path, and a shard\'s own automation id', async () => {
  const valid = sarifValidator();
  const whole = JSON.parse(await report(['--format', 'sarif', '.'])) as SarifLog;
  valid(whole);
  const run = whole.runs[0];
  assert.equal(run.automationDetails, undefined, 'an unsharded run leaves the category to the uploader');
  assert.doesNotMatch(JSON.stringify(run.originalUriBaseIds), /file:|\/tmp\/|fieldwise-scale/);
  const results = run.results;
  const rows = JSON.parse(await report(['--format', 'json', '.'])) as JsonRow[];
  assert.equal(results.length, rows.length);
  results.forEach((r, i) => {
    const uri = r.locations[0].physicalLocation.artifactLocation.uri;
    assert.equal(r.locations[0].physicalLocation.artifactLocation.uriBaseId, '%SRCROOT%');
    assert.equal(uri.split('/').map(decodeURIComponent).join('/'), rows[i].file);
    assert.equal(r.ruleId, rows[i].code);
    assert.equal(r.locations[0].physicalLocation.region.startLine, rows[i].range.start.line + 1);
    assert.match(r.partialFingerprints['fieldwise/v1'], /^[0-9a-f]{32}$/);
  });
  assert.equal(new Set(results.map((r) => r.partialFingerprints['fieldwise/v1'])).size, results.length, 'fingerprints are unique');
  assert.ok(results.some((r) => r.locations[0].physicalLocation.artifactLocation.uri === 'loose/%C3%BCn%C3%AF%20c%C3%B8d%C3%A9%20%2520.json'));
  const ids: Array<string | undefined> = [];
  for (let k = 1; k <= 2; k++) {
    const shard = JSON.parse(await report(['--format', 'sarif', '--shard', `${k}/2`, '.'])) as SarifLog;
    valid(shard);
    ids.push(shard.runs[0].automationDetails?.id);
  }
  assert.deepEqual(ids, ['fieldwise/shard-1-of-2/', 'fieldwise/shard-2-of-2/']);
});

test('sarif fingerprints hold across machines (another folder) and across an edit above the finding', async () => {
  const fingerprints = (log: string): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    for (const r of (JSON.parse(log) as SarifLog).runs[0].results) {
      const uri = r.locations[0].physicalLocation.artifactLocation.uri;
      out.set(uri, [...(out.get(uri) ?? []), `${r.ruleId} ${r.partialFingerprints['fieldwise/v1']}`]);
    }
    return out;
  };
  const before = await report(['--format', 'sarif', 'loose', 'packages/pkg_001']);
  const elsewhere = join(work, 'another', 'checkout');
  mkdirSync(join(elsewhere, '..'), { recursive: true });
  cpSync(tree, elsewhere, { recursive: true });
  assert.equal(await report(['--format', 'sarif', 'loose', 'packages/pkg_001'], elsewhere), before, 'the same log from another folder');
  // A line added above every finding of the NDJSON file: lines move, fingerprints stay.
  const ndjson = join(elsewhere, 'loose/events.ndjson');
  writeFileSync(ndjson, `{"@timestamp":"2024-05-01T11:00:00Z","schema":{"version":"1.11.0"},"message":"first"}\n${readFileSync(ndjson, 'utf8')}`);
  const after = fingerprints(await report(['--format', 'sarif', 'loose', 'packages/pkg_001'], elsewhere));
  assert.deepEqual(after.get('loose/events.ndjson'), fingerprints(before).get('loose/events.ndjson'));
});

/** A GitHub workflow command line read back: the command, its properties and message, unescaped. */
function workflowCommand(line: string): { command: string; properties: Record<string, string>; message: string } {
  const m = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  assert.ok(m, line);
  const unescape = (s: string): string => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties = Object.fromEntries(m[2].split(',').map((p) => {
    const eq = p.indexOf('=');
    return [p.slice(0, eq), unescape(p.slice(eq + 1))];
  }));
  return { command: m[1], properties, message: unescape(m[3]) };
}

test('github: one workflow command per finding, read back to the JSON report', async () => {
  const rows = JSON.parse(await report(['--format', 'json', '.'])) as JsonRow[];
  const lines = (await report(['--format', 'github', '.'])).trimEnd().split('\n');
  assert.equal(lines.length, rows.length);
  const commandOf: Record<string, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };
  lines.forEach((line, i) => {
    const { command, properties, message } = workflowCommand(line);
    const row = rows[i];
    assert.equal(command, commandOf[row.severity]);
    assert.deepEqual(properties, {
      file: row.file, line: String(row.range.start.line + 1), endLine: String(row.range.end.line + 1),
      col: String(row.range.start.character + 1), endColumn: String(row.range.end.character + 1), title: `fieldwise ${row.code}`,
    });
    assert.equal(message, row.message);
  });
  assert.ok(lines.some((l) => l.startsWith('::error file=loose/a%2Cb%3A c.json,')), 'a comma and a colon in a path are escaped');
});

test('gitlab: valid against GitLab\'s Code Quality format, read back to the JSON report, one fingerprint per issue', async () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/ci/gitlab-code-quality.schema.json'), 'utf8')) as object;
  const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
  const issues = JSON.parse(await report(['--format', 'gitlab', '.'])) as Array<{ description: string; check_name: string; fingerprint: string; severity: string; location: { path: string; lines: { begin: number } } }>;
  assert.ok(validate(issues), JSON.stringify(validate.errors?.slice(0, 5)));
  const rows = JSON.parse(await report(['--format', 'json', '.'])) as JsonRow[];
  const severityOf: Record<string, string> = { error: 'major', warning: 'minor', information: 'info', hint: 'info' };
  assert.deepEqual(issues.map((i) => [i.location.path, i.location.lines.begin, i.check_name, i.severity, i.description]),
    rows.map((r) => [r.file, r.range.start.line + 1, r.code, severityOf[r.severity], r.message]));
  assert.equal(new Set(issues.map((i) => i.fingerprint)).size, issues.length);
});

test('junit: well-formed XML, one test case per file; errors fail it, other findings in its output, unrecognised files skipped', async () => {
  const xml = await report(['--format', 'junit', '.']);
  const cases = testCases(xml);
  const rows = JSON.parse(await report(['--format', 'json', '.'])) as JsonRow[];
  const junit = await report(['--format', 'junit', '--shard', '1/2', '.']);
  assert.match(junit, /<testsuite name="fieldwise check \(shard-1-of-2\)"/);
  const byFile = new Map<string, JsonRow[]>();
  for (const r of rows) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  for (const c of cases) {
    assert.equal(c.file, c.name);
    const found = byFile.get(c.name) ?? [];
    const line = (r: JsonRow): string => `${r.file}:${r.range.start.line + 1}:${r.range.start.character + 1} ${r.severity} ${r.code} ${r.message.replace(/\r?\n/g, ' ').replace(/\u0001/g, '\uFFFD')}`;
    if (c.skipped !== undefined) {
      assert.equal(c.classname, 'fieldwise.not-recognised');
      assert.equal(c.skipped, found[0].message);
      continue;
    }
    assert.match(c.classname, /^fieldwise\.(events|pipeline|fields|mapping)$/);
    const errors = found.filter((r) => r.severity === 'error');
    assert.equal(c.failure, errors.length > 0 ? errors.map(line).join('\n') : undefined, c.name);
    const others = found.filter((r) => r.severity !== 'error');
    assert.equal(c.out, others.length > 0 ? others.map(line).join('\n') : undefined, c.name);
  }
  const summary = /<testsuites name="fieldwise check" tests="(\d+)" failures="(\d+)" errors="0" skipped="(\d+)">/.exec(xml);
  assert.ok(summary);
  assert.equal(Number(summary[1]), cases.length);
  assert.equal(Number(summary[2]), cases.filter((c) => c.failure !== undefined).length);
  assert.equal(Number(summary[3]), cases.filter((c) => c.skipped !== undefined).length);
  assert.ok(cases.some((c) => c.name === 'loose/empty.json' && c.skipped?.startsWith('This file is empty')));
});

// ---------------------------------------------------------------- choosing files

test('--files-from takes a list from a file or standard input, as PATHS', async () => {
  const list = ['loose/events.ndjson', 'packages/pkg_002', '', 'loose/requests.http'].join('\n');
  writeFileSync(join(work, 'list.txt'), list);
  const named = await report(['--format', 'json', 'loose/events.ndjson', 'packages/pkg_002', 'loose/requests.http']);
  assert.equal(await report(['--format', 'json', '--files-from', join(work, 'list.txt')]), named);
  assert.equal(await report(['--format', 'json', '--files-from', '-'], tree, { input: list.split('\n').join('\0') }), named);
  const both = await check(['--files-from', '-', '-']);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--files-from - reads the list from standard input/);
  const missing = await check(['--files-from', join(work, 'nope.txt')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--files-from .*nope\.txt: cannot read/);
});

test('--changed-since: the files changed since a git ref, with the rest of each changed data stream', async (t) => {
  const repo = join(work, 'git-repo');
  cpSync(tree, repo, { recursive: true });
  t.after(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'base');
  git('checkout', '-qb', 'topic');
  const stream = 'packages/pkg_001/data_stream/stream_0';
  appendFileSync(join(repo, stream, 'fields/fields.yml'), '- name: added\n  type: keyword\n  description: Added.\n');
  git('commit', '-qam', 'change a field file');
  writeFileSync(join(repo, 'loose/new.ndjson'), '{"@timestamp":"2024-05-01T12:00:00Z","schema":{"version":"1.11.0"},"source":{"prot":1}}\n');
  writeFileSync(join(repo, 'loose/notes.json'), '{"title": "edited, not committed"}\n');
  const files = (out: string): string[] => testCases(out).map((c) => c.name).sort();
  const changed = files((await check(['--format', 'junit', '--changed-since', 'main'], repo)).stdout);
  const wholeStream = files((await check(['--format', 'junit', stream], repo)).stdout);
  assert.ok(wholeStream.length >= 6, wholeStream.join(', '));
  assert.deepEqual(changed, [...wholeStream, 'loose/new.ndjson', 'loose/notes.json'].sort());
  assert.deepEqual(files((await check(['--format', 'junit', '--changed-since', 'main', 'loose'], repo)).stdout), ['loose/new.ndjson', 'loose/notes.json'], 'PATHS narrow it');
  const bad = await check(['--changed-since', 'no-such-branch'], repo);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--changed-since: git knows no commit 'no-such-branch'/);
  const notGit = await check(['--changed-since', 'main', '.'], work);
  assert.equal(notGit.code, 2);
  assert.match(notGit.stderr, /not in a git repository/);
});

// ---------------------------------------------------------------- the project configuration

test('the project configuration decides findings in CI as in the editor; --config names another; a broken one is exit 2', async (t) => {
  const project = join(work, 'project');
  mkdirSync(join(project, '.fieldwise'), { recursive: true });
  t.after(() => rmSync(project, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(LOOSE)) if (path.endsWith('.ndjson')) writeFileSync(join(project, 'events.ndjson'), text);
  const codes = async (args: string[]): Promise<string[]> => (JSON.parse((await check(['--format', 'json', ...args, 'events.ndjson'], project)).stdout) as JsonRow[]).map((r) => `${r.severity} ${r.code}`);
  assert.deepEqual(await codes([]), ['error type-mismatch', 'error invalid-value']);
  writeFileSync(join(project, '.fieldwise', 'config.yml'), 'diagnostics:\n  disable: [type-mismatch]\n  severity:\n    invalid-value: warning\n');
  assert.deepEqual(await codes([]), ['warning invalid-value']);
  writeFileSync(join(project, 'ci.yml'), 'diagnostics:\n  severity:\n    invalid-value: "off"\n');
  assert.deepEqual(await codes(['--config', 'ci.yml', '--jobs', '2']), ['error type-mismatch']);
  writeFileSync(join(project, '.fieldwise', 'config.yml'), 'diagnostics:\n  severity:\n    invalid-value: loud\n');
  const broken = await check(['events.ndjson'], project);
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /the project configuration has problems:\n.*config\.yml:3: \/diagnostics\/severity\/invalid-value: "loud" is not one of/);
});

// ---------------------------------------------------------------- bad usage

test('bad usage of the new options is exit 2 with the usage', async () => {
  for (const args of [['--jobs', '0', '.'], ['--jobs', 'many', '.'], ['--shard', '3/2', '.'], ['--shard', 'half', '.'], ['--format', 'xml', '.'], ['--progress', '--no-progress', '.'], ['--changed-since', '--jobs', '.']]) {
    const run = await check(args);
    assert.equal(run.code, 2, args.join(' '));
    assert.match(run.stderr, /usage: fieldwise check/);
    assert.equal(run.stdout, '');
  }
});
