/**
 * Text as search and filters compare it (issue 40), so "Ake" finds "Àkẹ́" and "AKE" finds "àkẹ́":
 * compatibility decomposition (NFKD: ẹ́ -> e + U+0323 + U+0301, ﬁ -> fi), every combining mark
 * left out, lower case, runs of white space as one space. Slugs are built on it too.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether `query` occurs in `text`, both folded; a blank query matches everything. */
export function foldedIncludes(text: string, query: string): boolean {
  return foldText(text).includes(foldText(query));
}
