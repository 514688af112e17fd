// The ready-made CI of docs/ci.md and the pre-commit hook, run as far as they can be here: each set-up is parsed
// (GitHub Actions, GitLab CI, Buildkite, pre-commit) and its fieldwise commands run as the CI would run them (each
// matrix job, parallel job or shard in turn, with its variables, in a generated integrations tree), with a `fieldwise`
// on PATH that is this build; the hook of .pre-commit-hooks.yaml runs through the `pre-commit` tool (Debian's
// package, installed as the other e2e tests install theirs) with a `repo: local` configuration made from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import Ajv04 from 'ajv-draft-04';
import picomatch from 'picomatch';
import { parse, stringify } from 'yaml';
import sax from 'sax';
import { loadCatalog } from '../../server/src/catalog';
import { formatFromName } from '../../server/src/service/detect';
import { defaultSettings } from '../../server/src/service/settings';
import { writeIntegrationsRepository } from '../../bench/integrationsRepository';
import { e2eSkipped, ensureDebianPackages, toolEnv } from './prerequisites';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const ciPage = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');

/** The YAML block of docs/ci.md whose first line is `# NAME`. */
function block(name: string): Record<string, unknown> {
  for (const m of ciPage.matchAll(/```yaml\n([\s\S]*?)```/g)) {
    if (m[1].startsWith(`# ${name}\n`)) return parse(m[1]) as Record<string, unknown>;
  }
  throw new Error(`docs/ci.md has no yaml block starting with '# ${name}'`);
}

/** A scratch folder with a `fieldwise` command on PATH that runs this build, and a generated tree to check. */
function scratch(t: { after: (fn: () => void) => void }): { dir: string; tree: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwise-ci-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'fieldwise'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'fieldwise'), 0o755);
  const tree = join(dir, 'repo');
  writeIntegrationsRepository(tree, loadCatalog(), { packages: 6, scale: 0.05, seed: 11 });
  const env = toolEnv({ PATH: [bin, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter), HOME: dir });
  return { dir, tree, env };
}

/** Runs one CI step's command as the runner does (bash, stop at the first failure); its exit code and output. */
function step(command: string, cwd: string, env: NodeJS.ProcessEnv): { code: number; stdout: string; stderr: string } {
  const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20, timeout: 180_000 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** The install step every set-up starts with: not run here (the build under test is on PATH instead). */
const INSTALL = 'npm install --global fieldwise';

function sarifValidator(): (log: unknown) => void {
  const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
  const validate = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false, logger: false }).compile(schema);
  return (log) => assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)));
}

function junitFiles(xml: string): string[] {
  const parser = sax.parser(true, {});
  const names: string[] = [];
  parser.onerror = (error) => { throw error; };
  parser.onopentag = (node) => { if (node.name === 'testcase') { const name = node.attributes.name; names.push(typeof name === 'string' ? name : name.value); } };
  parser.write(xml).close();
  return names;
}

type Step = { uses?: string; run?: string; if?: string; with?: Record<string, unknown> };

test('the GitHub Actions workflow: a matrix of shards, each checked and uploaded with its own category; annotations on a pull request\'s changes', { timeout: 600_000 }, async (t) => {
  const workflow = block('.github/workflows/fieldwise.yml') as { on: Record<string, unknown>; permissions: Record<string, string>; jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; steps: Step[]; if?: string }> };
  assert.ok('push' in workflow.on && 'pull_request' in workflow.on);
  assert.equal(workflow.permissions['security-events'], 'write', 'uploading SARIF needs security-events: write');
  const { check, changed } = workflow.jobs;
  const shards = check.strategy!.matrix.shard;
  assert.deepEqual(shards, Array.from({ length: shards.length }, (_, k) => k + 1));
  const uses = check.steps.map((s) => s.uses).filter(Boolean);
  assert.ok(uses.some((u) => u!.startsWith('actions/checkout@')) && uses.some((u) => u!.startsWith('actions/setup-node@')));
  const upload = check.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
  assert.ok(upload, 'a SARIF upload step');
  assert.equal(upload.if, 'success() || failure()', 'the upload runs when the check fails too');
  const runs = check.steps.filter((s) => s.run).map((s) => s.run!);
  assert.deepEqual(runs[0], INSTALL);
  const { tree, env } = scratch(t);
  const valid = sarifValidator();
  const logs: string[] = [];
  for (const shard of shards) {
    const expand = (text: string): string => text.replace(/\$\{\{ matrix\.shard \}\}/g, String(shard));
    for (const command of runs.slice(1)) {
      const result = step(expand(command), tree, env);
      assert.equal(result.code, 1, `shard ${shard}: '${expand(command)}' fails on the tree's errors (exit 1), not on its use: ${result.stderr}`);
    }
    const file = join(tree, String(upload.with!.sarif_file));
    const log = JSON.parse(readFileSync(file, 'utf8')) as { runs: Array<{ automationDetails: { id: string } }> };
    valid(log);
    assert.equal(log.runs[0].automationDetails.id, `${expand(String(upload.with!.category))}/`, 'the log names the category the upload gives');
    logs.push(join(tree, `shard-${shard}.sarif`));
    cpSync(file, logs[logs.length - 1]);
    rmSync(file);
  }
  const merged = step(`fieldwise report merge ${logs.join(' ')}`, tree, env);
  assert.equal(merged.code, 0, merged.stderr);
  for (const log of logs) rmSync(log);
  const whole = step('fieldwise check --format sarif .', tree, env);
  assert.equal(merged.stdout, whole.stdout, 'the shards\' logs merged are the whole run\'s');

  // The pull request job: annotations on what changed since the base branch.
  assert.equal(changed.if, "github.event_name == 'pull_request'");
  const checkout = changed.steps.find((s) => s.uses?.startsWith('actions/checkout@'));
  assert.equal(checkout?.with?.['fetch-depth'], 0, '--changed-since needs the history');
  const prRuns = changed.steps.filter((s) => s.run).map((s) => s.run!);
  assert.equal(prRuns[0], INSTALL);
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: tree, encoding: 'utf8', env: { ...env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'base');
  git('update-ref', 'refs/remotes/origin/main', 'HEAD');
  git('checkout', '-qb', 'pr');
  const changedFile = 'packages/pkg_002/data_stream/stream_0/sample_event.json';
  writeFileSync(join(tree, changedFile), '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "source": {"prot": 1}}\n');
  git('commit', '-qam', 'a change');
  const annotations = step(prRuns[1].replace(/\$\{\{ github\.base_ref \}\}/g, 'main'), tree, env);
  assert.equal(annotations.code, 1, annotations.stderr);
  const lines = annotations.stdout.trimEnd().split('\n');
  assert.ok(lines.every((l) => /^::(error|warning|notice) file=packages\/pkg_002\/data_stream\/stream_0\//.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith(`::error file=${changedFile},line=1,`) && l.includes("Unknown field 'source.prot'")), lines.join('\n'));
});

test('the GitLab CI job: parallel jobs each take their share and write a Code Quality report; together every file once', { timeout: 600_000 }, async (t) => {
  const job = block('.gitlab-ci.yml').fieldwise as { image: string; parallel: number; script: string[]; artifacts: { when: string; reports: { codequality: string } } };
  assert.match(job.image, /^node:\d+/);
  assert.ok(job.parallel >= 2);
  assert.equal(job.artifacts.when, 'always', 'the report is kept when the job fails on errors');
  assert.equal(job.script[0], INSTALL);
  const report = job.artifacts.reports.codequality;
  const { tree, env } = scratch(t);
  const issues: Array<{ fingerprint: string; location: { path: string } }> = [];
  for (let index = 1; index <= job.parallel; index++) {
    for (const command of job.script.slice(1)) {
      const result = step(command, tree, { ...env, CI: 'true', CI_NODE_INDEX: String(index), CI_NODE_TOTAL: String(job.parallel) });
      assert.equal(result.code, 1, `job ${index}/${job.parallel}: ${result.stderr}`);
      assert.equal(result.stdout, '', 'the report goes to its file');
      assert.doesNotMatch(result.stderr, /\r/, 'no progress line in a CI log');
    }
    const mine = JSON.parse(readFileSync(join(tree, report), 'utf8')) as typeof issues;
    assert.ok(!mine.some((i) => i.location.path === report), 'the report does not report on itself');
    issues.push(...mine);
    rmSync(join(tree, report));
  }
  const whole = JSON.parse(step(`fieldwise check --format gitlab .`, tree, env).stdout) as typeof issues;
  assert.deepEqual(issues.map((i) => i.fingerprint).sort(), whole.map((i) => i.fingerprint).sort());
});

test('the Buildkite step: parallel jobs from BUILDKITE_PARALLEL_JOB (from 0) cover every file once in JUnit', { timeout: 600_000 }, async (t) => {
  const [pipelineStep] = block('.buildkite/pipeline.yml').steps as Array<{ parallelism: number; command: string[]; artifact_paths: string }>;
  assert.equal(pipelineStep.command[0], INSTALL);
  const { tree, env } = scratch(t);
  const files: string[] = [];
  for (let job = 0; job < pipelineStep.parallelism; job++) {
    for (const command of pipelineStep.command.slice(1)) {
      const result = step(command, tree, { ...env, BUILDKITE_PARALLEL_JOB: String(job), BUILDKITE_PARALLEL_JOB_COUNT: String(pipelineStep.parallelism) });
      assert.equal(result.code, 1, result.stderr);
    }
    files.push(...junitFiles(readFileSync(join(tree, pipelineStep.artifact_paths), 'utf8')));
    rmSync(join(tree, pipelineStep.artifact_paths));
  }
  const whole = junitFiles(step('fieldwise check --format junit .', tree, env).stdout);
  assert.ok(whole.length > 50);
  assert.deepEqual(files.sort(), whole.sort());
});

interface Hook { id: string; name: string; entry: string; language: string; files: string; require_serial?: boolean }

const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

test('the pre-commit hook takes exactly the files a folder walk of fieldwise check takes, and docs/ci.md\'s local hook the same', () => {
  const [hook] = hooks;
  assert.equal(hook.id, 'fieldwise-check');
  assert.equal(hook.entry, 'fieldwise check');
  assert.equal(hook.require_serial, true);
  const files = new RegExp(hook.files);
  const consoleFile = picomatch(defaultSettings.files.console ?? []);
  // Extensions in lower case: pre-commit's patterns are case-sensitive, as the console globs are.
  const names = ['a.json', 'a.ndjson', 'a.jsonl', 'a.yml', 'a.yaml', 'r.http', 'r.es', 'r.console', 'a.conf', 'a.md', 'a.txt', 'a.json.bak', 'a.yml.hbs', 'a.log', 'a.csv', 'Makefile'];
  for (const name of names) {
    const walked = formatFromName(name) !== undefined || consoleFile(`dir/${name}`);
    assert.equal(files.test(`dir/${name}`), walked, `${name}: the hook ${files.test(`dir/${name}`) ? 'takes' : 'leaves'} it, the walk ${walked ? 'takes' : 'leaves'} it`);
  }
  const local = (block('.pre-commit-config.yaml (local)').repos as Array<{ repo: string; hooks: Hook[] }>)[0];
  assert.equal(local.repo, 'local');
  assert.equal(local.hooks[0].files, hook.files);
  assert.equal(local.hooks[0].require_serial, true);
  const remote = (block('.pre-commit-config.yaml').repos as Array<{ repo: string; hooks: Array<{ id: string }> }>)[0];
  assert.equal(remote.hooks[0].id, hook.id);
});

test('the pre-commit hook through pre-commit: a commit with an error fails, fixed it passes, other files are left alone', { skip: e2eSkipped() && 'FIELDWISE_SKIP_E2E=1', timeout: 900_000 }, async (t) => {
  await ensureDebianPackages(['pre-commit', 'git']);
  const { dir, env } = scratch(t);
  const repo = join(dir, 'project');
  mkdirSync(join(repo, 'events'), { recursive: true });
  const [hook] = hooks;
  // `repo: local` with the hook as published, but run by the system (language: node would install it from npm).
  writeFileSync(join(repo, '.pre-commit-config.yaml'), stringify({ repos: [{ repo: 'local', hooks: [{ ...hook, language: 'system', verbose: true }] }] }));
  writeFileSync(join(repo, 'events', 'sample_event.json'), '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "event": {"kind": "bogus"}}\n');
  writeFileSync(join(repo, 'package.json'), '{"name": "project", "version": "1.0.0"}\n');
  writeFileSync(join(repo, 'notes.md'), '# not for fieldwise\n');
  const gitEnv = { ...env, PRE_COMMIT_HOME: join(dir, 'pre-commit-cache'), GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  const run = (command: string, args: string[]): { code: number; out: string } => {
    const r = spawnSync(command, args, { cwd: repo, env: gitEnv, encoding: 'utf8', timeout: 300_000 });
    return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
  };
  assert.equal(run('git', ['init', '-q']).code, 0);
  assert.equal(run('git', ['add', '-A']).code, 0);
  const failing = run('pre-commit', ['run', '--all-files']);
  assert.equal(failing.code, 1, failing.out);
  assert.match(failing.out, /fieldwise check\.+Failed/);
  assert.match(failing.out, /events\/sample_event\.json:1:\d+ error invalid-value "bogus" is not an allowed value of event\.kind/);
  assert.doesNotMatch(failing.out, /notes\.md/, 'a file of no extension Fieldwise reads is not passed');
  writeFileSync(join(repo, 'events', 'sample_event.json'), '{"@timestamp": "2024-05-01T12:00:00Z", "schema": {"version": "1.11.0"}, "event": {"kind": "event"}}\n');
  assert.equal(run('git', ['add', '-A']).code, 0);
  const passing = run('pre-commit', ['run', '--all-files']);
  assert.equal(passing.code, 0, passing.out);
  assert.match(passing.out, /fieldwise check\.+Passed/);
  assert.match(passing.out, /package\.json:1:1 information file-not-recognised/, 'a JSON file of no kind is said, and does not fail the commit');
  assert.match(passing.out, /1 event document and 2 files not recognised checked: 0 errors/, 'package.json and .pre-commit-config.yaml');
});
