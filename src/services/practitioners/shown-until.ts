/**
 * How long a page of listings stays true by the clock alone: until the soonest moment one of them
 * stops being shown (its membership's period and grace end). A write moves the listings'
 * generation (the edge cache's key) at once; an end that comes with no write is what this bounds,
 * so a kept page never shows a listing past its membership's end.
 */
export function soonestShownUntil(listings: readonly { shownUntil: string | null }[]): Date | null {
  let soonest: Date | null = null;
  for (const { shownUntil } of listings) {
    if (!shownUntil) continue;
    const at = new Date(shownUntil);
    if (!Number.isNaN(at.getTime()) && (!soonest || at < soonest)) soonest = at;
  }
  return soonest;
}
