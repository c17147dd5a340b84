/** A position in degrees. */
export interface Position {
  latitude: number;
  longitude: number;
}

const HEMISPHERE = /^[NSEWO]$/i;

/** `48°51'24"N` or `48° 51.4' N` or `48.8566` → degrees with its hemisphere letter, if any. */
function readAngle(text: string): { value: number; hemisphere: string | null } | null {
  const hemisphere = /[NSEWO]\s*$/i.exec(text)?.[0].toUpperCase() ?? null;
  const lead = /^\s*[NSEWO]/i.exec(text)?.[0].trim().toUpperCase() ?? null;
  const body = text.replace(/^\s*[NSEWO]|[NSEWO]\s*$/gi, '').trim();
  const parts = body.match(/-?\d+(?:[.,]\d+)?/g);
  if (!parts || parts.length > 3 || /[^\d\s.,°'′"″’”-]/.test(body)) return null;
  const [degrees = 0, minutes = 0, seconds = 0] = parts.map((p) => Number(p.replace(',', '.')));
  if (minutes < 0 || minutes >= 60 || seconds < 0 || seconds >= 60) return null;
  const sign = degrees < 0 || body.startsWith('-') ? -1 : 1;
  const value = sign * (Math.abs(degrees) + minutes / 60 + seconds / 3600);
  return { value, hemisphere: hemisphere ?? lead };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Coordinates as people paste them: `48.8566, 2.3522` (what map sites copy), with hemispheres
 * (`48.8566 N 2.3522 E`, `S`/`W` negative, `O` for the French and Italian west), or in degrees,
 * minutes and seconds (`48°51'24"N 2°21'08"E`). A decimal comma is read when the two numbers are
 * separated otherwise (`48,8566; 2,3522`). Null when it is not one position on Earth.
 */
export function parseCoordinates(input: string): Position | null {
  const text = input.trim();
  if (!text || text.length > 100) return null;
  let halves: string[];
  if (text.includes(';')) halves = text.split(';');
  else if (/[NS]/i.test(text) && /[EWO]/i.test(text))
    halves = text.split(/(?<=[NSEWO])\s*[,;]?\s*(?=[-\d])/i);
  else if ((text.match(/,/g) ?? []).length === 1) halves = text.split(',');
  else halves = text.split(/\s+/);
  if (halves.length !== 2) return null;
  const [first, second] = halves.map(readAngle);
  if (!first || !second) return null;
  const signed = ({ value, hemisphere }: { value: number; hemisphere: string | null }) =>
    hemisphere === 'S' || hemisphere === 'W' || hemisphere === 'O' ? -Math.abs(value) : value;
  // Latitude first unless the hemispheres say otherwise (`2.35 E 48.85 N`).
  const swapped = first.hemisphere !== null && /[EWO]/.test(first.hemisphere);
  const [lat, lng] = swapped ? [second, first] : [first, second];
  if (lat.hemisphere && !HEMISPHERE.test(lat.hemisphere)) return null;
  const latitude = round(signed(lat));
  const longitude = round(signed(lng));
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The form's text of a position: what `parseCoordinates` reads back, and map sites too. */
export const coordinatesText = ({ latitude, longitude }: Position) =>
  `${round(latitude)}, ${round(longitude)}`;
