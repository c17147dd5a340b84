/** A place Tab stops at in the tree: a person's box, or the add button beside the name. */
export interface Stop {
  index: number;
  part: 'box' | 'add';
}

/**
 * Where Tab (or Shift+Tab) goes from a stop: the boxes in reading order, each followed by its add
 * button when there is one; `before` and `after` when it leaves the boxes. The boxes out of view
 * are not in the DOM, so the page moves focus itself rather than leaving it to the browser.
 */
export function nextStop(
  from: Stop,
  backwards: boolean,
  count: number,
  withAdd: boolean,
): Stop | 'before' | 'after' {
  const perBox = withAdd ? 2 : 1;
  const position =
    from.index * perBox + (withAdd && from.part === 'add' ? 1 : 0) + (backwards ? -1 : 1);
  if (position < 0) return 'before';
  if (position >= count * perBox) return 'after';
  return {
    index: Math.floor(position / perBox),
    part: withAdd && position % 2 === 1 ? 'add' : 'box',
  };
}
