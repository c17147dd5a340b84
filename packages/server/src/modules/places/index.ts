export {
  NO_PLACE,
  placeColumns,
  placesByIds,
  placeValue,
  presentPlace,
  samePlace,
  type PlaceColumns,
  type PlaceRow,
} from './repository.js';
export { countryAt, countryName, presentCountry } from './country.js';
export { placeFromPhotos } from './photos.js';
export { registerPlaceRoutes } from './routes.js';
