/**
 * The page numbers a pager shows: the first and last, the current one with a neighbour on each
 * side, and `null` for each gap (an ellipsis). A gap of a single page shows that page instead.
 */
export function pageItems(total: number, current: number): (number | null)[] {
  const shown = new Set([1, total, current - 1, current, current + 1]);
  const pages = [...shown].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: (number | null)[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push(null);
    items.push(page);
    previous = page;
  }
  return items;
}
