// `# fieldwise-disable-line CODE ...` (this line) and `# fieldwise-disable-next-line CODE ...` in YAML.

const directive = /(?:^|[ \t])#[ \t]*fieldwise-disable-(next-)?line\b([^\n]*)/gm;

/** Local 0-based line -> disabled codes (an empty set disables every code); undefined when none. */
export function disabledLines(text: string): Map<number, Set<string>> | undefined {
  if (!text.includes('fieldwise-disable-')) return undefined;
  const out = new Map<number, Set<string>>();
  for (const match of text.matchAll(directive)) {
    let line = 0;
    for (let i = text.indexOf('\n'); i >= 0 && i < (match.index ?? 0); i = text.indexOf('\n', i + 1)) line++;
    if (match[1]) line++;
    const codes = match[2].split(/[\s,]+/).filter((c) => /^[a-z][a-z0-9-]*$/.test(c));
    const set = out.get(line) ?? new Set<string>();
    if (codes.length === 0) set.clear();
    else if (!(out.has(line) && set.size === 0)) codes.forEach((c) => set.add(c));
    out.set(line, set);
  }
  return out;
}
