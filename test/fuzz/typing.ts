// A person's long editing session, for the memory tests and the bench: a character typed somewhere in the document,
// then deleted, over and over (the text stays the same size, yet nearly every version is new), and documents of a
// given size per file kind, well-formed or broken.
import type { Edit } from './mutations';
import { FILE_KINDS, FileKind, random } from './inputs';

export interface LongSessionInput {
  label: string;
  kind: FileKind;
  text: string;
}

/** A generated document of about `chars` characters. */
export function documentOfSize(kind: FileKind, chars: number, seed = 1): string {
  const one = kind.generate(seed, 1).length;
  let events = Math.max(1, Math.round(chars / one));
  let text = kind.generate(seed, events);
  // Generated events vary in length: one correction lands within a few percent.
  events = Math.max(1, Math.round((events * chars) / text.length));
  text = kind.generate(seed, events);
  return text;
}

/** The same document broken as typing leaves YAML: keys without colons, a line dedented, an unclosed quote, a tab. */
export function malformedYaml(text: string, seed = 1): string {
  const rng = random(seed);
  return text.split('\n').map((line) => {
    if (line.trim() === '' || rng() > 0.04) return line;
    const r = rng();
    if (r < 0.3) return line.replace(': ', ' ');
    if (r < 0.55) return line.replace(/^ {2}/, ' ');
    if (r < 0.8) return line.replace(': ', ': "');
    return line.replace(/^( *)/, '$1\t');
  }).join('\n');
}

/** The inputs of the long-session test and bench: every file kind, plus malformed YAML. */
export function longSessionInputs(chars: number): LongSessionInput[] {
  const out: LongSessionInput[] = FILE_KINDS.map((kind) => ({ label: kind.label, kind, text: documentOfSize(kind, chars) }));
  const yaml = FILE_KINDS.find((k) => k.label === 'yaml');
  if (yaml) out.push({ label: 'malformed yaml', kind: yaml, text: malformedYaml(documentOfSize(yaml, chars)) });
  return out;
}

/** Edit `n` (1-based) of a typing session on `text`: odd edits type a letter at a random place, even ones delete it. */
export function typingEdit(text: string, n: number, seed: number, previous: Edit | undefined): Edit {
  if (n % 2 === 0 && previous) return { start: previous.start, end: previous.start + previous.text.length, text: '' };
  const rng = random(seed * 7919 + n);
  const at = Math.floor(rng() * (text.length + 1));
  return { start: at, end: at, text: 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rng() * 26)] };
}
