// The shape of Fieldwise's settings (`fieldwise.*`) as every feature reads them; plain data, no LSP.
// Defaults and merging what a client sent live in service/settings.ts, which re-exports these types for lsp/ and the CLI.
import type { Severity } from './types';

export interface DisableEntry {
  /** Codes to switch off; empty means every code. */
  codes: string[];
  /** Globs (relative to the workspace) where they are off; empty means everywhere. */
  files: string[];
}

export interface FieldwiseSettings {
  /** `fieldwise.files.<setting>`: each kind's globs (kinds/registry.ts) and the console text's, by setting name. */
  files: Record<string, string[]>;
  events: { allowDottedKeys: boolean | string[] };
  /** Logstash pipelines: the ECS-compatibility mode of plugins that set none (a pipelines.yml beside them wins). */
  logstash: { ecsCompatibility: 'disabled' | 'v1' | 'v8' };
  diagnostics: {
    /** Per-code severity override, or 'off'. */
    severity: Record<string, Severity | 'off'>;
    /** `"code"` entries switch a code off everywhere; objects switch codes off for globs. */
    disable: Array<string | DisableEntry>;
    /** The editor shows at most this many information and hint diagnostics per file (the command line all). */
    maxInformationAndHints: number;
  };
  completion: {
    /** The editor gets at most this many items per answer; past it the answer is incomplete and filtered as the user types. */
    maxItems: number;
  };
  inlayHints: { enabled: boolean };
  /** `fieldwise.codeLens.enabled`: the lens above a declared field (how many files write and carry it). */
  codeLens: { enabled: boolean };
  schema: { definitions: string[] };
  /** Megabytes: larger files are not analysed (lsp/sizeLimit.ts). */
  maxFileSize: number;
}
