// YAML alias bombs: nested aliases that stand for exponentially many values in a few hundred bytes, alone and inside
// one file of each kind a YAML file can be (for the unit and integration tests and the bench).

/**
 * Nested aliases as mapping entries at `indent`: `l0` a mapping of `width` keys, each later level a mapping whose
 * `width` keys all alias the level before (`l1: &l1 {k0: *l0, k1: *l0, ...}`). Expanded, level n holds width^(n+1) keys.
 */
export function aliasBomb(levels: number, width: number, indent = ''): string {
  const keys = Array.from({ length: width }, (_, i) => `k${i}`);
  const lines = [`${indent}l0: &l0 {${keys.map((k) => `${k}: x`).join(', ')}}`];
  for (let i = 1; i < levels; i++) lines.push(`${indent}l${i}: &l${i} {${keys.map((k) => `${k}: *l${i - 1}`).join(', ')}}`);
  return lines.join('\n') + '\n';
}

export interface BombFile {
  /** The kind the file is (FileKind.name). */
  kind: string;
  /** A path the kind's default globs take. */
  path: string;
  languageId: string;
  text: string;
  /** Misspelt field names the file writes before and after the bomb: both are still checked. */
  before: string;
  after: string;
}

/** A ten-level bomb of nine keys a level in one YAML file of each kind, between two misspelt fields. */
export function bombFiles(levels = 10, width = 9): BombFile[] {
  return [
    {
      kind: 'events', path: 'events/bomb.yml', languageId: 'yaml', before: 'prot', after: 'adress',
      text: `"@timestamp": 2024-05-01T12:00:00Z\nschema:\n  version: 1.11.0\nsource:\n  prot: 80\n${aliasBomb(levels, width)}destination:\n  adress: x\n`,
    },
    {
      kind: 'ingestPipeline', path: 'elasticsearch/ingest_pipeline/bomb.yml', languageId: 'yaml', before: 'prot', after: 'adress',
      text: `processors:\n  - set:\n      field: source.prot\n      value: 1\n_meta:\n${aliasBomb(levels, width, '  ')}on_failure:\n  - set:\n      field: destination.adress\n      value: x\n`,
    },
    {
      kind: 'fieldDefinitions', path: 'packages/p/data_stream/log/fields/bomb.yml', languageId: 'yaml', before: 'prot', after: 'adress',
      text: `- name: source.prot\n  type: long\n- name: example\n  type: object\n  example:\n${aliasBomb(levels, width, '    ')}- name: destination.adress\n  type: keyword\n`,
    },
    {
      kind: 'mapping', path: 'elasticsearch/index_templates/bomb.yml', languageId: 'yaml', before: 'prot', after: 'adress',
      text: `template:\n  mappings:\n    _meta:\n${aliasBomb(levels, width, '      ')}    properties:\n      source:\n        properties:\n          prot:\n            type: long\n      destination:\n        properties:\n          adress:\n            type: keyword\n`,
    },
  ];
}
