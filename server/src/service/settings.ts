// Fieldwise settings as the server receives them (`fieldwise.*`), with defaults; plain data, no LSP.
import type { Severity } from '../features/types';

export interface DisableEntry {
  /** Codes to switch off; empty means every code. */
  codes: string[];
  /** Globs (relative to the workspace) where they are off; empty means everywhere. */
  files: string[];
}

export interface FieldwiseSettings {
  files: { events: string[] };
  events: { allowDottedKeys: boolean | string[] };
  diagnostics: {
    /** Per-code severity override, or 'off'. */
    severity: Record<string, Severity | 'off'>;
    /** `"code"` entries switch a code off everywhere; objects switch codes off for globs. */
    disable: Array<string | DisableEntry>;
  };
  inlayHints: { enabled: boolean };
  schema: { definitions: string[] };
  /** Megabytes: larger files are not analysed (lsp/sizeLimit.ts). */
  maxFileSize: number;
}

export const defaultSettings: FieldwiseSettings = {
  files: {
    events: ['**/*.ndjson', '**/*.jsonl', '**/sample_event.json', '**/*-expected.json', '**/events/**/*.{json,yaml,yml}'],
  },
  events: { allowDottedKeys: false },
  diagnostics: { severity: {}, disable: [] },
  inlayHints: { enabled: true },
  schema: { definitions: ['.fieldwise/*.yml'] },
  maxFileSize: 32,
};

/** Merges what a client sent over the defaults, ignoring values of the wrong shape. */
export function mergeSettings(raw: unknown): FieldwiseSettings {
  const s = structuredClone(defaultSettings);
  if (!isObject(raw)) return s;
  const files = raw.files;
  if (isObject(files) && isStringArray(files.events)) s.files.events = files.events;
  const events = raw.events;
  if (isObject(events) && (typeof events.allowDottedKeys === 'boolean' || isStringArray(events.allowDottedKeys))) {
    s.events.allowDottedKeys = events.allowDottedKeys;
  }
  const diagnostics = raw.diagnostics;
  if (isObject(diagnostics)) {
    if (isObject(diagnostics.severity)) {
      for (const [code, value] of Object.entries(diagnostics.severity)) {
        if (value === 'error' || value === 'warning' || value === 'information' || value === 'hint' || value === 'off') s.diagnostics.severity[code] = value;
      }
    }
    if (Array.isArray(diagnostics.disable)) {
      for (const entry of diagnostics.disable) {
        if (typeof entry === 'string') s.diagnostics.disable.push(entry);
        else if (isObject(entry)) {
          s.diagnostics.disable.push({
            codes: isStringArray(entry.codes) ? entry.codes : [],
            files: isStringArray(entry.files) ? entry.files : typeof entry.files === 'string' ? [entry.files] : [],
          });
        }
      }
    }
  }
  const hints = raw.inlayHints;
  if (isObject(hints) && typeof hints.enabled === 'boolean') s.inlayHints.enabled = hints.enabled;
  const schema = raw.schema;
  if (isObject(schema) && isStringArray(schema.definitions)) s.schema.definitions = schema.definitions;
  if (typeof raw.maxFileSize === 'number' && raw.maxFileSize > 0) s.maxFileSize = raw.maxFileSize;
  return s;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}
