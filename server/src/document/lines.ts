// Line arithmetic on a text: offsets inside, line/column only where a feature needs columns.

/** Offsets at which each line starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 0-based line containing `offset` (binary search over `starts`). */
export function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** 0-based column of `offset` in its line. */
export function columnOf(starts: readonly number[], offset: number): number {
  return offset - starts[lineOf(starts, offset)];
}
