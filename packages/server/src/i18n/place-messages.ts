/** Places and the map (modules/places), merged into the catalogues of messages.ts. */
export const placeMessages = {
  en: {
    'places.bbox_invalid':
      'The map area must be four numbers: west, south, east, north (longitudes −180 to 180, latitudes −90 to 90, south not above north).',
    'places.coordinates_incomplete': 'Give both the latitude and the longitude, or neither.',
    'places.empty': 'A place needs a name or a position.',
  },
  fr: {
    'places.bbox_invalid':
      'La zone de carte doit être quatre nombres : ouest, sud, est, nord (longitudes de −180 à 180, latitudes de −90 à 90, le sud pas au-dessus du nord).',
    'places.coordinates_incomplete': 'Indiquez la latitude et la longitude, ou aucune des deux.',
    'places.empty': 'Un lieu a besoin d’un nom ou d’une position.',
  },
  it: {
    'places.bbox_invalid':
      'L’area della mappa deve essere di quattro numeri: ovest, sud, est, nord (longitudini da −180 a 180, latitudini da −90 a 90, il sud non sopra il nord).',
    'places.coordinates_incomplete':
      'Indica sia la latitudine sia la longitudine, oppure nessuna delle due.',
    'places.empty': 'Un luogo ha bisogno di un nome o di una posizione.',
  },
  de: {
    'places.bbox_invalid':
      'Der Kartenausschnitt muss aus vier Zahlen bestehen: West, Süd, Ost, Nord (Längengrade −180 bis 180, Breitengrade −90 bis 90, Süd nicht über Nord).',
    'places.coordinates_incomplete':
      'Geben Sie Breiten- und Längengrad an, oder keinen von beiden.',
    'places.empty': 'Ein Ort braucht einen Namen oder eine Position.',
  },
} as const;
