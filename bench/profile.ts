// `npm run bench -- --profile`: one session of Fieldwise's server under --cpu-prof per document, and where its CPU
// time went, mapped back to the TypeScript sources through dist/server.js.map (grouped by file, then by function).
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, resolve } from 'node:path';
import type { BenchDocument } from './generate';
import { fieldwise, REPO } from './servers';
import { runSession } from './session';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PROFILES = resolve(REPO, 'bench/out/profiles');

export async function profileFieldwise(docs: BenchDocument[], folder: string): Promise<void> {
  const map = new SourceMap(JSON.parse(readFileSync(resolve(REPO, 'dist/server.js.map'), 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  for (const doc of docs) {
    const dir = join(PROFILES, doc.name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const setup = fieldwise();
    setup.command = [process.execPath, '--cpu-prof', `--cpu-prof-dir=${dir}`, ...setup.command.slice(1)];
    await runSession(setup, doc, folder, { probeBudgetMs: 60000, minProbes: 100, probes: true, timeoutMs: 300000 });
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no CPU profile written in ${dir}`);
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    process.stdout.write(`\nCPU profile of Fieldwise's server, ${doc.name} (open, ${doc.completions.length} completions and hovers, one edit): ${join(dir, file)}\n`);
    process.stdout.write(summarize(profile, map));
  }
}

function summarize(profile: CpuProfile, map: SourceMap): string {
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfTime.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const { file, line } = original(node, map);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}${line ? `:${line}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number): string => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([k, us]) => `  ${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`).join('\n');
  return `total ${(total / 1000).toFixed(0)} ms of samples\nby source file (self time):\n${top(byFile, 20)}\nby function (self time):\n${top(byFunction, 25)}\n`;
}

/** The TypeScript (or dependency) file and line a bundled frame came from. */
function original(node: ProfileNode, map: SourceMap): { file: string; line?: number } {
  const frame = node.callFrame;
  if (!frame.url.endsWith('dist/server.js')) return { file: frame.url ? frame.url.replace(/^node:/, 'node:') : `(${frame.functionName || 'vm'})` };
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
  if (!entry.originalSource) return { file: 'dist/server.js' };
  const source = entry.originalSource.replace(/^.*?\/(server\/src|node_modules)\//, '$1/');
  return { file: source, line: entry.originalLine !== undefined ? entry.originalLine + 1 : undefined };
}
