// A snippet as the plain text it expands to, for clients without snippet support: placeholders keep their
// default text, choices their first option, tab stops vanish.

export function snippetToPlainText(snippet: string): string {
  return expand(snippet, 0, false).text;
}

function expand(s: string, start: number, inPlaceholder: boolean): { text: string; end: number } {
  let out = '';
  let i = start;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && '$}\\,|'.includes(s[i + 1])) {
      out += s[i + 1];
      i += 2;
    } else if (inPlaceholder && c === '}') {
      return { text: out, end: i + 1 };
    } else if (c === '$') {
      const tabStop = /^\$(\d+)/.exec(s.slice(i, i + 12));
      if (tabStop) {
        i += tabStop[0].length;
        continue;
      }
      const open = /^\$\{(\d+)(:|\||\})/.exec(s.slice(i, i + 14));
      if (!open) {
        out += c;
        i++;
        continue;
      }
      i += open[0].length;
      if (open[2] === ':') {
        const inner = expand(s, i, true);
        out += inner.text;
        i = inner.end;
      } else if (open[2] === '|') {
        const close = s.indexOf('|}', i);
        const choices = s.slice(i, close < 0 ? s.length : close);
        out += choices.split(/(?<!\\),/)[0].replace(/\\(.)/g, '$1');
        i = close < 0 ? s.length : close + 2;
      }
    } else {
      out += c;
      i++;
    }
  }
  return { text: out, end: i };
}
