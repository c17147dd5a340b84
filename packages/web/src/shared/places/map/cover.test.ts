import { describe, expect, it } from 'vitest';
import { uncoverShift } from './cover';

const MAP = { x: 1000, y: 600 };
/** The computer's card: bottom-left, 360 px wide, 300 high. */
const CARD = { left: 12, top: 280, right: 372, bottom: 580 };
/** The phone's sheet: the map's width, 120 px high at the bottom of a 375 × 400 map. */
const PHONE = { x: 375, y: 400 };
const SHEET = { left: 8, top: 260, right: 367, bottom: 380 };

describe('uncoverShift', () => {
  it('leaves a point that is clear of the card (and of its margin) where it is', () => {
    expect(uncoverShift({ x: 500, y: 400 }, CARD, MAP, 24)).toBeNull();
    expect(uncoverShift({ x: 200, y: 250 }, CARD, MAP, 24)).toBeNull();
    expect(uncoverShift({ x: 200, y: 200 }, SHEET, PHONE, 24)).toBeNull();
  });

  it('moves a point under a phone’s sheet up above it, whatever its side', () => {
    for (const x of [20, 187, 360]) {
      const shift = uncoverShift({ x, y: 330 }, SHEET, PHONE, 24)!;
      expect(shift).toEqual([0, 330 - (260 - 24)]);
      // Where the point ends: the view moves by the shift, the point the other way.
      expect(330 - shift[1]).toBeLessThanOrEqual(SHEET.top - 24);
      expect(330 - shift[1]).toBeGreaterThanOrEqual(24);
    }
  });

  it('takes the shortest way out on a computer: sideways near the card’s right edge, up near its top', () => {
    // Near the right edge: 30 px to the right rather than 220 up.
    expect(uncoverShift({ x: 366, y: 480 }, CARD, MAP, 24)).toEqual([366 - 396, 0]);
    // Near the top: 20 px up rather than ~200 sideways.
    expect(uncoverShift({ x: 200, y: 276 }, CARD, MAP, 24)).toEqual([0, 276 - 256]);
  });

  it('moves up when nothing fits beside or above (a card as big as the map)', () => {
    const big = { left: 0, top: 10, right: 375, bottom: 400 };
    expect(uncoverShift({ x: 100, y: 200 }, big, PHONE, 24)).toEqual([0, 200 - (10 - 24)]);
  });
});
