import { describe, expect, it } from 'vitest';
import { countryAt, countryName, wrapLongitude } from './country.js';

describe('country from coordinates, offline', () => {
  it('tells apart neighbours a few kilometres from their border', () => {
    expect(countryAt(48.58, 7.75)).toBe('FR'); // Strasbourg
    expect(countryAt(48.57, 7.83)).toBe('DE'); // Kehl, across the Rhine
    expect(countryAt(50.63, 3.06)).toBe('FR'); // Lille
    expect(countryAt(50.6, 3.39)).toBe('BE'); // Tournai
    expect(countryAt(42.69, 2.89)).toBe('FR'); // Perpignan
    expect(countryAt(42.27, 2.96)).toBe('ES'); // Figueres
    expect(countryAt(47.56, 7.59)).toBe('CH'); // Basel
    expect(countryAt(45.81, 9.08)).toBe('IT'); // Como
  });

  it('finds no country at sea, and the land for a harbour off the coarse coastline', () => {
    expect(countryAt(40, -30)).toBeNull(); // mid-Atlantic
    expect(countryAt(-40, 40)).toBeNull(); // Indian Ocean
    expect(countryAt(0, -140)).toBeNull(); // Pacific
    // Marseille's Old Port lies outside the 1:110m coastline; the land around it is France.
    expect(countryAt(43.295, 5.374)).toBe('FR');
  });

  it('reads both sides of the antimeridian', () => {
    expect(countryAt(-18.14, 178.44)).toBe('FJ'); // Suva
    expect(countryAt(-16.2, -179.9)).toBe('FJ'); // Vanua Levu's east end, west longitude
    expect(countryAt(-16.4, 180)).toBe('FJ'); // the antimeridian itself
    expect(countryAt(-16.4, -180)).toBe('FJ');
    expect(countryAt(66, -175)).toBe('RU'); // Chukotka, west longitude
    expect(countryAt(64.7, 177.5)).toBe('RU'); // Chukotka, east longitude
    expect(wrapLongitude(180.5)).toBeCloseTo(-179.5);
    expect(wrapLongitude(-180.5)).toBeCloseTo(179.5);
  });

  it('names the country in each interface language', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('DE', 'de')).toBe('Deutschland');
  });
});
