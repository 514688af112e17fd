// The extension manifest as VS Code shows it: package.json with every `%key%` string replaced by its message in
// package.nls.json (the English default bundle; a `package.nls.LOCALE.json` beside it translates the same keys).
// Keys name what they describe: `<setting>.markdownDescription`, `<setting>.enumDescriptions.<value>`,
// `<command>.title`, `language.<id>.alias`, `configuration.title`, `capabilities.<kind>.description`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..');

/** A `%key%` string: VS Code replaces the whole string, never part of one. */
const MESSAGE_REFERENCE = /^%([\w.-]+)%$/;

/** package.json as written, `%key%` strings included. */
export function readRawManifest(root = ROOT): Record<string, unknown> {
  return readJsonObject(join(root, 'package.json'));
}

/** package.nls.json: message key to English text. */
export function readMessages(root = ROOT): Record<string, string> {
  const file = join(root, 'package.nls.json');
  const messages = readJsonObject(file);
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value !== 'string') throw new Error(`${file}: the message ${key} is not a string`);
  }
  return messages as Record<string, string>;
}

/** The manifest with its messages in place; throws naming every `%key%` that package.nls.json lacks. */
export function localizedManifest(root = ROOT): Record<string, unknown> {
  const messages = readMessages(root);
  const missing: string[] = [];
  const localized = mapStrings(readRawManifest(root), (text) => {
    const key = MESSAGE_REFERENCE.exec(text)?.[1];
    if (key === undefined) return text;
    if (!Object.hasOwn(messages, key)) missing.push(key);
    return messages[key] ?? text;
  });
  if (missing.length > 0) throw new Error(`package.nls.json has no message for ${missing.map((key) => `%${key}%`).join(', ')}`);
  return localized as Record<string, unknown>;
}

/** Every message key package.json refers to, in document order (repeats kept). */
export function messageReferences(manifest: unknown): string[] {
  const keys: string[] = [];
  mapStrings(manifest, (text) => {
    const key = MESSAGE_REFERENCE.exec(text)?.[1];
    if (key !== undefined) keys.push(key);
    return text;
  });
  return keys;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

function readJsonObject(file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file} is not a JSON object`);
  return value as Record<string, unknown>;
}
