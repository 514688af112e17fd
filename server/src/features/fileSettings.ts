// Settings that depend on the file: globs of fieldwise.events.allowDottedKeys and fieldwise.diagnostics.disable.
import { BoundedMemo } from '../document/boundedMemo';
import picomatch from 'picomatch';
import type { FieldwiseSettings } from './settings';

// Globs come from settings, which a user edits while typing: each version compiled once, the memo bounded.
const matchers = new BoundedMemo<(path: string) => boolean>(globMatcher, 500);

/** Characters after which a glob's text is no longer literal (picomatch's syntax: wildcards, classes, braces, extglobs, escapes). */
const GLOB_SYNTAX = /[*?[\]{}()!+@\\]/;

/**
 * A glob's matcher, compiled on the first path that ends with the glob's literal tail (the `.conf` of `conf.d/*.conf`):
 * a path without that tail cannot match, and most files meet only globs of other extensions.
 */
function globMatcher(glob: string): (path: string) => boolean {
  let tail = '';
  for (let i = glob.length - 1; i >= 0 && !GLOB_SYNTAX.test(glob[i]); i--) tail = glob[i] + tail;
  let compiled: ((path: string) => boolean) | undefined;
  const matches = (path: string): boolean => (compiled ??= picomatch(glob, { dot: true, matchBase: !glob.includes('/') }))(path);
  // A negated glob (`!x`) matches the paths without the tail too.
  return glob.startsWith('!') || tail === '' ? matches : (path) => path.endsWith(tail) && matches(path);
}

/** Whether a path (relative to its workspace, `/`-separated) matches any of the globs. */
export function matchesAny(globs: readonly string[], file: string): boolean {
  const path = file.replace(/\\/g, '/');
  return globs.some((glob) => matchers.get(glob)(path));
}

export function dottedKeysAllowed(settings: FieldwiseSettings, file: string): boolean {
  const allow = settings.events.allowDottedKeys;
  return typeof allow === 'boolean' ? allow : matchesAny(allow, file);
}

/** Codes switched off for this file; `'*'` in the set means every code. */
export function disabledCodes(settings: FieldwiseSettings, file: string): Set<string> {
  const off = new Set<string>();
  for (const entry of settings.diagnostics.disable) {
    if (typeof entry === 'string') off.add(entry);
    else if (entry.files.length === 0 || matchesAny(entry.files, file)) {
      if (entry.codes.length === 0) off.add('*');
      else entry.codes.forEach((c) => off.add(c));
    }
  }
  for (const [code, severity] of Object.entries(settings.diagnostics.severity)) if (severity === 'off') off.add(code);
  return off;
}
