// Writes the README's generated sections from their single sources: the CLI commands' usage, the rule
// registry (code, severity, spec sentence) and the extension manifest's settings (in English: scripts/manifest.ts);
// then those of docs/pipelines.md (scripts/pipelinesDoc.ts), docs/mappings.md (scripts/mappingsDoc.ts) and docs/beats.md
// (scripts/beatsDoc.ts). `npm run docs` runs it; the doc tests (readme, pipelines-doc, mappings-doc, beats-doc) fail when
// a file is behind.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commands } from '../server/src/cli/main';
import { rules } from '../server/src/kinds/events/rules';
import { Sections, cell, renderSections } from './generatedSections';
import { writeBeatsDoc } from './beatsDoc';
import { localizedManifest } from './manifest';
import { mappingsSections } from './mappingsDoc';
import { writePipelinesDoc } from './pipelinesDoc';

const root = join(__dirname, '..');

interface Setting {
  default?: unknown;
  description?: string;
  markdownDescription?: string;
  scope?: string;
}

function commandsSection(): string {
  const parts = commands.map((c) => `### \`fieldwise ${c.name}\`\n\n${c.summary[0].toUpperCase()}${c.summary.slice(1)}.\n\n\`\`\`\n${c.usage.trim()}\n\`\`\``);
  return parts.join('\n\n');
}

function diagnosticsSection(): string {
  const rows = rules.map((r) => `| \`${r.code}\` | ${r.defaultSeverity} | ${cell(r.title)} | ${cell(r.spec)} (${cell(r.specSource)}) |`);
  return [
    `Every diagnostic has a stable code. Severities are defaults: \`fieldwise.diagnostics.severity\` changes them per code,`,
    `\`fieldwise.diagnostics.disable\` switches codes off for the workspace or for globs, and in YAML a comment`,
    `\`# fieldwise-disable-line CODE\` (or \`# fieldwise-disable-next-line CODE\`) silences one line.`,
    `Each code, its quick fixes and examples: [docs/diagnostics.md](docs/diagnostics.md).`,
    '',
    '| code | default severity | what it checks | the spec rule behind it |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function settingsSection(): string {
  const manifest = localizedManifest(root) as { contributes: { configuration: { properties: Record<string, Setting> } } };
  const rows = Object.entries(manifest.contributes.configuration.properties).map(
    ([name, s]) => `| \`${name}\` | \`${cell(JSON.stringify(s.default))}\` | ${cell(s.markdownDescription ?? s.description ?? '')} |`,
  );
  return [
    'The language server reads the `fieldwise` section from any client (`workspace/configuration`); VS Code shows',
    'these in its settings editor. In an untrusted workspace, `fieldwise.conversion.baseUrl` and',
    '`fieldwise.schema.definitions` keep their defaults. The settings that decide findings (`files`, `events`,',
    '`diagnostics.severity` and `disable`, `schema.definitions`) can also be written once for a project in',
    '`.fieldwise/config.yml`, which `fieldwise check` reads too; an editor setting changed from its default overrides',
    'it on that machine ([docs/ci.md](docs/ci.md#the-project-configuration)).',
    '',
    '| setting | default | meaning |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

export const sections: Sections = {
  COMMANDS: commandsSection,
  DIAGNOSTICS: diagnosticsSection,
  SETTINGS: settingsSection,
};

/** The README with every generated section rewritten. */
export function renderReadme(readme: string): string {
  return renderSections(readme, sections, 'README.md');
}

/** docs/mappings.md with every generated section rewritten. */
export function renderMappingsDoc(doc: string): string {
  return renderSections(doc, mappingsSections, 'docs/mappings.md');
}

if (require.main === module) {
  const path = join(root, 'README.md');
  writeFileSync(path, renderReadme(readFileSync(path, 'utf8')));
  writePipelinesDoc();
  writeBeatsDoc();
  const mappings = join(root, 'docs', 'mappings.md');
  writeFileSync(mappings, renderMappingsDoc(readFileSync(mappings, 'utf8')));
}
