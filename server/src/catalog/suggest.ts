// "Did you mean": the closest defined paths to a misspelt one, by the spec's naming rules and edit distance.

export interface SuggestCandidate {
  path: string;
  /** Deprecated paths rank after others at the same distance. */
  deprecated: boolean;
}

/** Spellings the naming rules turn into a defined name: case, separators, camelCase, stutter. */
export function normalizedVariants(input: string): string[] {
  const raw = input.trim();
  const separators = (s: string): string => s.replace(/[-\s]+/g, '_').replace(/\.{2,}/g, '.').replace(/^\.+|\.+$/g, '');
  const folded = separators(raw.toLowerCase());
  const snaked = separators(raw.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
  const variants = [folded, snaked].flatMap((v) => [v, destutter(v), undouble(v)]);
  return [...new Set(variants)].filter((v) => v !== '');
}

/** `process.parent.parent.pid` -> `process.parent.pid`: a segment typed twice in a row. */
export function undouble(path: string): string {
  return path.split('.').filter((segment, i, all) => i === 0 || segment !== all[i - 1]).join('.');
}

/** `host.host_ip` -> `host.ip`: a segment does not repeat a word of the segments before it. */
export function destutter(path: string): string {
  const segments = path.split('.');
  for (let i = 1; i < segments.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      const word = `${segments[j]}_`;
      if (segments[i].startsWith(word) && segments[i].length > word.length) segments[i] = segments[i].slice(word.length);
    }
  }
  return segments.join('.');
}

/** How many edits the last segment may need: short names allow fewer, so `ip` does not suggest `id` and `os`. */
function allowance(variant: string): number {
  const last = variant.slice(variant.lastIndexOf('.') + 1);
  return Math.max(1, Math.min(3, Math.ceil(last.length / 3)));
}

export function suggestPaths(input: string, candidates: readonly SuggestCandidate[], max = 5): string[] {
  if (max <= 0) return [];
  const variants = normalizedVariants(input);
  const inputParent = parentOf(variants[0] ?? '');
  const scored: Array<{ candidate: SuggestCandidate; distance: number; sameParent: boolean }> = [];
  // Each variant's allowance once, not once per candidate (thousands of them).
  const limits = variants.map(allowance);
  for (let c = 0; c < candidates.length; c++) {
    const candidate = candidates[c];
    if (candidate.path === input) continue;
    let best = Infinity;
    for (let v = 0; v < variants.length; v++) {
      const variant = variants[v];
      const limit = limits[v];
      if (Math.abs(variant.length - candidate.path.length) > limit) continue;
      const distance = boundedDistance(variant, candidate.path, limit);
      if (distance < best) best = distance;
    }
    if (best !== Infinity) scored.push({ candidate, distance: best, sameParent: parentOf(candidate.path) === inputParent });
  }
  scored.sort((a, b) =>
    a.distance - b.distance
    || Number(b.sameParent) - Number(a.sameParent)
    || Number(a.candidate.deprecated) - Number(b.candidate.deprecated)
    || (a.candidate.path < b.candidate.path ? -1 : a.candidate.path > b.candidate.path ? 1 : 0));
  return scored.slice(0, max).map((s) => s.candidate.path);
}

function parentOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(0, dot);
}

/** Larger than any distance asked about: a cell outside the band. */
const FAR = 1 << 20;
// The three rows, reused by every call (a suggestion measures thousands of candidates).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Optimal-string-alignment distance (edits and adjacent transpositions, so `prot` is one step from `port`);
 * Infinity as soon as it must exceed `limit`. Only the cells within `limit` of the diagonal are computed: a cell
 * outside holds more than `limit`, and no alignment of `limit` edits or fewer passes through one.
 */
export function boundedDistance(a: string, b: string, limit: number): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > limit) return Infinity;
  if (rowA.length <= n + 1) {
    rowA = new Int32Array(2 * (n + 2));
    rowB = new Int32Array(2 * (n + 2));
    rowC = new Int32Array(2 * (n + 2));
  }
  let before = rowA;
  let previous = rowB;
  let current = rowC;
  for (let j = 0; j <= n + 1; j += 1) previous[j] = j <= limit ? j : FAR;
  for (let i = 1; i <= m; i += 1) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(n, i + limit);
    current[0] = i <= limit ? i : FAR;
    if (lo > 1) current[lo - 1] = FAR;
    let rowMin = current[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j += 1) {
      const cb = b.charCodeAt(j - 1);
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    current[hi + 1] = FAR;
    if (rowMin > limit) return Infinity;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  return previous[n] <= limit ? previous[n] : Infinity;
}
