// The field names of a Beats `script` processor's inline JavaScript: the string arguments of the event API's methods
// (schema/beats/processors.yml, `script.methods`: Get, Put, Rename, Delete, AppendTo; Tag takes a tag) called on the
// event the `process` function receives, whatever that parameter is named. Comments are passed over; a call whose
// argument is not a string literal names nothing here.
import type { BeatsScriptArgument } from '../../catalog/beatsProcessors';
import type { RefAccess } from '../../document/fieldRefs';
import { mapRange } from '../../document/syntaxes/stringOffsets';
import { detailOf, OptionEntry, ProcessorSite, ReadingBuilder } from './beatsReading';

/** One string argument naming a field, in the decoded source. */
export interface ScriptName {
  start: number;
  end: number;
  argument: BeatsScriptArgument;
  method: string;
}

const PROCESS = /function\s+process\s*\(\s*([A-Za-z_$][\w$]*)/;

/** The source with its comments as spaces (strings kept, so `"http://x"` is no comment), the same length. */
export function withoutComments(source: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') {
      i = stringEnd(source, i);
      continue;
    }
    if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) {
      const line = source[i + 1] === '/';
      let end = line ? source.indexOf('\n', i) : source.indexOf('*/', i + 2);
      end = end < 0 ? source.length : line ? end : end + 2;
      out += source.slice(copied, i) + source.slice(i, end).replace(/[^\n]/g, ' ');
      copied = i = end;
      continue;
    }
    i++;
  }
  return copied === 0 ? source : out + source.slice(copied);
}

/** Where the string literal opening at `at` ends (after its closing quote, or at its line's end when unclosed). */
function stringEnd(source: string, at: number): number {
  const quote = source[at];
  for (let i = at + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (c === '\n' && quote !== '`') return i;
  }
  return source.length;
}

/** The field names of a script's event calls, by the methods' arguments (`methods`: name to its arguments). */
export function scriptNames(source: string, methods: Readonly<Record<string, { arguments: readonly BeatsScriptArgument[] }>>): ScriptName[] {
  const code = withoutComments(source);
  const param = PROCESS.exec(code)?.[1];
  if (!param) return [];
  const names = Object.keys(methods).join('|');
  const call = new RegExp(`(?<![\\w$.])${param.replace(/\$/g, '\\$')}\\s*\\.\\s*(${names})\\s*\\(`, 'g');
  const out: ScriptName[] = [];
  for (let m = call.exec(code); m; m = call.exec(code)) {
    const args = methods[m[1]].arguments;
    let at = m.index + m[0].length;
    for (let k = 0; k < args.length; k++) {
      while (/\s/.test(code[at] ?? '')) at++;
      const quote = code[at];
      if (quote !== '"' && quote !== "'") break;
      const end = stringEnd(code, at);
      const content = code.slice(at + 1, end - 1);
      const named = args[k] === 'read' || args[k] === 'write' || args[k] === 'remove';
      if (named && code[end - 1] === quote && !content.includes('\\')) out.push({ start: at + 1, end: end - 1, argument: args[k], method: m[1] });
      at = end;
      while (/\s/.test(code[at] ?? '')) at++;
      if (code[at] !== ',') break;
      at++;
    }
  }
  return out;
}

/** The references of a script processor's inline source. */
export function readScript(b: ReadingBuilder, site: ProcessorSite, entry: OptionEntry): void {
  const source = b.decoded(entry.value);
  if (!source || entry.value === undefined) return;
  const base = entry.value.start;
  for (const name of scriptNames(source.value, b.table.script.methods)) {
    const text = source.value.slice(name.start, name.end);
    if (text === '' || /\s/.test(text)) continue;
    const detail = detailOf(site.name, entry.path);
    let access: RefAccess = name.argument === 'write' ? 'write' : 'read';
    if (name.argument === 'remove') {
      detail.removes = true;
      access = 'read';
    }
    const names: string[] = [];
    const spans = [];
    let at = name.start;
    for (const part of text.split('.')) {
      names.push(part);
      spans.push(mapRange(source, at, at + part.length, base));
      at += part.length + 1;
    }
    const ref = b.ref(names, spans, 'script', access, detail);
    // Rename's first argument is moved away, as a rename processor's `from` is.
    if (ref && (detail.removes || (name.method === 'Rename' && access === 'read'))) b.add('gone', { path: ref.joinedPath, at: ref.segments[0].start });
  }
}
