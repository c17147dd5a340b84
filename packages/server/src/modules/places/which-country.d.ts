// which-country ships no types: it maps [longitude, latitude] to an ISO alpha-3 code, or null.
declare module 'which-country' {
  function whichCountry(point: [number, number]): string | null;
  export default whichCountry;
}
