import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface HeatContrast {
  heat: string;
  text: string;
  ratio: number;
  /** What axe's color-contrast rule made of the cell: judged (passes, violations) or not. */
  axe: 'passes' | 'violations' | 'incomplete' | 'inapplicable';
}

/**
 * The contrast of each cell's text on its own background (the planning's heat cells). The colours are color-mix()
 * results, which axe may leave "incomplete": each is drawn on a canvas to read the sRGB pixel
 * the browser paints, and axe's verdict on the cell is kept beside it.
 */
export async function heatContrasts(page: Page, cells: string): Promise<HeatContrast[]> {
  const measured = await page.locator(cells).evaluateAll((elements) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgb = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const luminance = (colour: number[]) => {
      const [r, g, b] = colour.map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return elements.map((element, index) => {
      element.setAttribute('data-heat-check', String(index));
      const style = getComputedStyle(element);
      const back = luminance(rgb(style.backgroundColor));
      const fore = luminance(rgb(style.color));
      const ratio = (Math.max(back, fore) + 0.05) / (Math.min(back, fore) + 0.05);
      return {
        heat: element.getAttribute('data-heat') ?? '',
        text: element.textContent ?? '',
        ratio: Math.round(ratio * 100) / 100,
      };
    });
  });
  const contrasts: HeatContrast[] = [];
  for (const [index, cell] of measured.entries()) {
    const axe = await new AxeBuilder({ page })
      .include(`[data-heat-check="${index}"]`)
      .withRules(['color-contrast'])
      .analyze();
    const verdict = (['violations', 'incomplete', 'passes'] as const).find((kind) =>
      axe[kind].some((result) => result.nodes.length > 0),
    );
    contrasts.push({ ...cell, axe: verdict ?? 'inapplicable' });
  }
  return contrasts;
}

/** Controls of the page's main part smaller than WCAG 2.5.8's 24 × 24 CSS pixels, with their size. */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    Array.from(
      main.querySelectorAll<HTMLElement>('button, a[href], input, [role="radio"], [tabindex]'),
    )
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}
