/** The page to show of `pages`: a hand-edited page (1e20, Infinity, NaN) gives the nearest real one, never an offset out of range. */
export function clampPage(requested: number, pages: number): number {
  if (Number.isFinite(requested)) return Math.min(pages, Math.max(1, Math.floor(requested)));
  return requested > 0 ? pages : 1;
}
