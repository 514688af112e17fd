// Fieldwise settings as the server receives them (`fieldwise.*`): the defaults and the merge; the shape is features/settings.ts.
import type { FieldwiseSettings } from '../features/settings';
import { fileGlobDefaults } from '../kinds/registry';
import { CONSOLE_GLOBS } from './consoleDocument';

export type { DisableEntry, FieldwiseSettings } from '../features/settings';

export const defaultSettings: FieldwiseSettings = {
  files: { ...fileGlobDefaults(), console: [...CONSOLE_GLOBS] },
  events: { allowDottedKeys: false },
  logstash: { ecsCompatibility: 'v8' },
  diagnostics: { severity: {}, disable: [], maxInformationAndHints: 1000 },
  completion: { maxItems: 100 },
  inlayHints: { enabled: true },
  codeLens: { enabled: true },
  schema: { definitions: ['.fieldwise/*.yml'] },
  maxFileSize: 32,
};

/** Merges what a client sent over the defaults, ignoring values of the wrong shape. */
export function mergeSettings(raw: unknown): FieldwiseSettings {
  const s = structuredClone(defaultSettings);
  if (!isObject(raw)) return s;
  const files = raw.files;
  if (isObject(files)) {
    for (const setting of Object.keys(s.files)) {
      const globs = files[setting];
      if (isStringArray(globs)) s.files[setting] = globs;
    }
  }
  const events = raw.events;
  if (isObject(events) && (typeof events.allowDottedKeys === 'boolean' || isStringArray(events.allowDottedKeys))) {
    s.events.allowDottedKeys = events.allowDottedKeys;
  }
  const logstash = raw.logstash;
  if (isObject(logstash) && (logstash.ecsCompatibility === 'disabled' || logstash.ecsCompatibility === 'v1' || logstash.ecsCompatibility === 'v8')) {
    s.logstash.ecsCompatibility = logstash.ecsCompatibility;
  }
  const diagnostics = raw.diagnostics;
  if (isObject(diagnostics)) {
    if (isObject(diagnostics.severity)) {
      for (const [code, value] of Object.entries(diagnostics.severity)) {
        if (value === 'error' || value === 'warning' || value === 'information' || value === 'hint' || value === 'off') s.diagnostics.severity[code] = value;
      }
    }
    const max = diagnostics.maxInformationAndHints;
    if (typeof max === 'number' && Number.isInteger(max) && max >= 0) s.diagnostics.maxInformationAndHints = max;
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
  const completion = raw.completion;
  if (isObject(completion) && typeof completion.maxItems === 'number' && Number.isInteger(completion.maxItems) && completion.maxItems >= 1) {
    s.completion.maxItems = completion.maxItems;
  }
  const hints = raw.inlayHints;
  if (isObject(hints) && typeof hints.enabled === 'boolean') s.inlayHints.enabled = hints.enabled;
  const lens = raw.codeLens;
  if (isObject(lens) && typeof lens.enabled === 'boolean') s.codeLens.enabled = lens.enabled;
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
