/**
 * Towns of the demo family's life: where people were born and died (family.ts) and where the
 * records were made (records.ts). Those the lexicons also name (places.ts) sit at the same spot,
 * so the seed gives both the same place.
 */
export interface DemoTown {
  name: string;
  latitude: number;
  longitude: number;
}

export const TOWNS = {
  torino: { name: 'Torino', latitude: 45.0703, longitude: 7.6869 },
  asti: { name: 'Asti', latitude: 44.9, longitude: 8.2064 },
  susa: { name: 'Susa', latitude: 45.1372, longitude: 7.0503 },
  lyon: { name: 'Lyon', latitude: 45.764, longitude: 4.8357 },
  paris: { name: 'Paris', latitude: 48.8566, longitude: 2.3522 },
  bellecombe: { name: 'Bellecombe, Savoie', latitude: 45.7286, longitude: 6.1394 },
  munich: { name: 'München', latitude: 48.1374, longitude: 11.5755 },
  casablanca: { name: 'Casablanca', latitude: 33.5731, longitude: -7.5898 },
  london: { name: 'London', latitude: 51.5072, longitude: -0.1276 },
} as const satisfies Record<string, DemoTown>;
