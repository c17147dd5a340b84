import { describe, expect, it } from 'vitest';
import { pointsQuery, validateMapSearch } from './mapSearch';

describe('validateMapSearch', () => {
  it('keeps the lists’ filters, the type and the view', () => {
    expect(
      validateMapSearch({
        type: 'mail',
        category: '4',
        participant: 7,
        tag: '2',
        language: 'it',
        from: '1950-01-01',
        to: '1959-12-31',
        lat: '45.07',
        lng: '7.69',
        zoom: '9',
      }),
    ).toEqual({
      type: 'mail',
      category: 4,
      participant: 7,
      tag: 2,
      language: 'it',
      from: '1950-01-01',
      to: '1959-12-31',
      lat: 45.07,
      lng: 7.69,
      zoom: 9,
    });
  });

  it('drops what is malformed', () => {
    expect(
      validateMapSearch({
        type: 'letter',
        category: '-1',
        language: 'xx',
        from: '1950-13-01',
        lat: '95',
        lng: '7',
        page: 2,
      }),
    ).toEqual({});
  });
});

describe('pointsQuery', () => {
  it('sends the view and the filters under the API’s names', () => {
    expect(
      pointsQuery(
        { type: 'post', tag: 3, from: '1940-01-01', lat: 1, lng: 2, zoom: 3 },
        { bbox: [-10, 35, 30, 60], zoom: 4 },
      ),
    ).toEqual({ bbox: '-10,35,30,60', zoom: 4, type: 'post', tag: 3, date_from: '1940-01-01' });
  });
});
