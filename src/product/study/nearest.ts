/** The known name a misspelt one most likely meant, so a typo's message can offer the fix. */

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/** The candidate that differs from `word` only in case, else one at most two edits away; undefined when none is that close. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  return candidates.find((c) => c.toLowerCase() === word.toLowerCase()) ?? candidates.find((c) => editDistance(c, word) <= 2);
}

/** `did you mean x?` for a near miss, else the whole list, after the clause saying what is wrong. */
export function offerNames(word: string, candidates: readonly string[], listed: string): string {
  const near = nearest(word, candidates);
  return near ? `did you mean ${near}?` : `${listed} are ${candidates.join(', ')}`;
}
