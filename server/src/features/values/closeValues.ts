// The allowed values close to a wrong one ("netwrok" -> network), for one quick fix each.
import { boundedDistance } from '../../catalog/suggest';

/** Close candidates, best first: same letters in another case, a prefix of each other, or a few edits away. */
export function closeValues(value: string, candidates: readonly string[], max = 3): string[] {
  const wanted = value.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (wanted === '') return [];
  const limit = Math.max(1, Math.min(3, Math.ceil(wanted.length / 3)));
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    let score: number;
    if (lower === wanted) score = 0;
    else if (wanted.length >= 3 && (lower.startsWith(wanted) || wanted.startsWith(lower))) score = 1;
    else score = boundedDistance(wanted, lower, limit);
    if (score !== Infinity) scored.push({ candidate, score });
  }
  scored.sort((a, b) => a.score - b.score || candidates.indexOf(a.candidate) - candidates.indexOf(b.candidate));
  return scored.slice(0, max).map((s) => s.candidate);
}
