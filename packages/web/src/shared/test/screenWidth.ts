import { vi } from 'vitest';

/** A media query list that answers `matches` (jsdom has none). */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

/** A window `width` px wide, as far as media queries go (undone by `vi.restoreAllMocks`). */
export function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(
      query,
      max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false,
    );
  });
}
