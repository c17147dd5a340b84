import { describe, expect, it } from 'vitest';
import { placeValueOf, placeWords, samePlace } from './placeValue';

const format = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `${latitude}/${longitude}`;

describe('place values', () => {
  it('leaves the derived country out', () => {
    expect(
      placeValueOf({
        name: 'Aoste',
        latitude: 45.7,
        longitude: 7.3,
        country: { code: 'IT', name: 'Italie' },
      }),
    ).toEqual({ name: 'Aoste', latitude: 45.7, longitude: 7.3 });
    expect(placeValueOf(null)).toBeNull();
  });

  it('compares names and positions', () => {
    const aosta = { name: 'Aoste', latitude: 45.7, longitude: 7.3 };
    expect(samePlace(aosta, { ...aosta, name: ' Aoste ' })).toBe(true);
    expect(samePlace(aosta, { ...aosta, latitude: 45.7000001 })).toBe(true);
    expect(samePlace(aosta, { ...aosta, latitude: 45.71 })).toBe(false);
    expect(samePlace(aosta, { ...aosta, latitude: null, longitude: null })).toBe(false);
    expect(samePlace(aosta, null)).toBe(false);
    expect(samePlace(null, null)).toBe(true);
  });

  it('says a place in words', () => {
    expect(placeWords({ name: 'Aoste', latitude: 45.7, longitude: 7.3 }, format, '—')).toBe(
      'Aoste (45.7/7.3)',
    );
    expect(placeWords({ name: '', latitude: 1, longitude: 2 }, format, '—')).toBe('1/2');
    expect(placeWords({ name: 'Aoste', latitude: null, longitude: null }, format, '—')).toBe(
      'Aoste',
    );
    expect(placeWords(null, format, '—')).toBe('—');
  });
});
