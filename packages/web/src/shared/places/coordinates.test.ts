import { describe, expect, it } from 'vitest';
import { coordinatesText, parseCoordinates } from './coordinates';

describe('parseCoordinates', () => {
  it('reads what map sites copy', () => {
    expect(parseCoordinates('48.8566, 2.3522')).toEqual({ latitude: 48.8566, longitude: 2.3522 });
    expect(parseCoordinates(' -33.8688 151.2093 ')).toEqual({
      latitude: -33.8688,
      longitude: 151.2093,
    });
    expect(parseCoordinates('48,8566; 2,3522')).toEqual({ latitude: 48.8566, longitude: 2.3522 });
  });

  it('reads hemispheres, the west as W or O, and either order', () => {
    expect(parseCoordinates('40.7128 N, 74.0060 W')).toEqual({
      latitude: 40.7128,
      longitude: -74.006,
    });
    expect(parseCoordinates('40.7128N 74.0060O')).toEqual({
      latitude: 40.7128,
      longitude: -74.006,
    });
    expect(parseCoordinates('12.5 E 41.9 N')).toEqual({ latitude: 41.9, longitude: 12.5 });
  });

  it('reads degrees, minutes and seconds', () => {
    expect(parseCoordinates(`48°51'24"N 2°21'08"E`)).toEqual({
      latitude: 48.856667,
      longitude: 2.352222,
    });
    expect(parseCoordinates(`33°52′S 151°12′E`)).toEqual({
      latitude: -33.866667,
      longitude: 151.2,
    });
  });

  it('refuses what is not one position on Earth', () => {
    for (const text of ['', 'Paris', '48.8566', '91, 10', '10, 181', '1, 2, 3', `48°61'N 2°E`])
      expect(parseCoordinates(text)).toBeNull();
  });

  it('reads back its own text', () => {
    const position = { latitude: -22.906847, longitude: -43.172897 };
    expect(parseCoordinates(coordinatesText(position))).toEqual(position);
  });
});
