/**
 * "Did you mean": for a query that found nothing, the closest spelling of each word among the
 * words of the documents most like it (chosen by the index's trigrams). A word is replaced only
 * by one at most one edit away (two for words of five letters or more), an edit being a letter
 * added, removed, changed or two swapped. Pure.
 */
import { wordsOf } from "./query";

/** Edits allowed for a word of this many letters. */
const allowedEdits = (length: number) => (length >= 5 ? 2 : length >= 3 ? 1 : 0);

/** The optimal-string-alignment distance: Levenshtein plus adjacent swaps, stopping past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[y.length]!;
}

/**
 * The query's words with each unknown one replaced by its closest spelling in `texts` (the
 * titles and descriptions of the likeliest documents), or null when nothing changed.
 */
export function correctedWords(words: readonly string[], texts: readonly string[]): string[] | null {
  const counts = new Map<string, number>();
  for (const text of texts) for (const word of wordsOf(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let changed = false;
  const corrected = words.map((word) => {
    if (counts.has(word)) return word;
    const limit = allowedEdits([...word].length);
    let best: { word: string; distance: number; count: number } | null = null;
    for (const [candidate, count] of counts) {
      const distance = editDistance(word, candidate, limit);
      if (distance > limit) continue;
      if (!best || distance < best.distance || (distance === best.distance && (count > best.count || (count === best.count && candidate < best.word)))) {
        best = { word: candidate, distance, count };
      }
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? corrected : null;
}
