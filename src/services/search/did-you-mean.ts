/**
 * "Did you mean": for a query that found nothing, the closest spelling of each word among the
 * indexed words that begin with the same letter. A word is replaced only by one at most one edit
 * away (two for words of five letters or more), an edit being a letter added, removed, changed
 * or two neighbours swapped; between equally close words, the one in more documents wins. Pure.
 */

/** An indexed word and how many documents hold it. */
export interface IndexedWord {
  word: string;
  documents: number;
}

/** Edits allowed for a word of this many letters. */
const allowedEdits = (length: number) => (length >= 5 ? 2 : length >= 3 ? 1 : 0);

/**
 * Where the candidates for `word` lie in the index's word list: the words beginning with its
 * letter (a first letter is seldom the mistake), as long as it give or take the edits allowed.
 * Null for a word too short to correct.
 */
export function candidateRange(word: string): { from: string; to: string; minLength: number; maxLength: number } | null {
  const letters = [...word];
  const edits = allowedEdits(letters.length);
  if (edits === 0) return null;
  const first = letters[0]!;
  return { from: first, to: String.fromCodePoint(first.codePointAt(0)! + 1), minLength: letters.length - edits, maxLength: letters.length + edits };
}

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
 * The query's words with each one not in the index replaced by its closest indexed spelling
 * (`candidates`: the indexed words in each word's candidateRange), or null when nothing changed.
 */
export function correctedWords(words: readonly string[], candidates: ReadonlyMap<string, readonly IndexedWord[]>): string[] | null {
  let changed = false;
  const corrected = words.map((word) => {
    const near = candidates.get(word) ?? [];
    if (near.some((candidate) => candidate.word === word)) return word;
    const limit = allowedEdits([...word].length);
    let best: (IndexedWord & { distance: number }) | null = null;
    for (const candidate of near) {
      const distance = editDistance(word, candidate.word, limit);
      if (distance > limit) continue;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance && (candidate.documents > best.documents || (candidate.documents === best.documents && candidate.word < best.word)))
      ) {
        best = { ...candidate, distance };
      }
    }
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return changed ? corrected : null;
}
