// A profile's rating (issue 22): the average of its reviews' overall scores and their count, from
// visible reviews only (a review an operator hid counts nowhere). No visible review: null, never
// an invented rating. The average is rounded to one decimal (half up), as profiles show it.

export type RatedReview = { overall: number; hidden: boolean };
export type RatingSummary = { average: number; count: number } | null;

/** Rounds to one decimal, half up (4.25 -> 4.3), without binary drift (4.45 -> 4.5). */
export function roundToTenth(value: number): number {
  return Math.round(Number((value * 10).toFixed(6))) / 10;
}

export function ratingOf(reviews: readonly RatedReview[]): RatingSummary {
  const shown = reviews.filter((r) => !r.hidden);
  if (shown.length === 0) return null;
  const sum = shown.reduce((total, r) => total + r.overall, 0);
  return { average: roundToTenth(sum / shown.length), count: shown.length };
}
