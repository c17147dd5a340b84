import sharp from 'sharp';
import { seededRandom } from './generate.js';

/**
 * Where each of the lexicons' places is (their order): a photo taken there carries it in its GPS
 * tags. The vague ones (a garden, a market, a chalet) get a plausible spot nearby.
 */
export const PLACE_COORDINATES: readonly (readonly [number, number])[] = [
  [43.2965, 5.3698], // Marseille
  [43.7646, 5.3626], // the house in Lourmarin
  [45.0703, 7.6869], // Nonna Rosa's, Turin
  [47.6505, 9.4797], // Lake Constance
  [33.5731, -7.5898], // Casablanca
  [48.2372, -3.0811], // the old farm in Brittany
  [48.8443, 2.3744], // the Gare de Lyon
  [43.2148, 5.5381], // the beach at Cassis
  [43.7712, 5.3587], // Papi Jean's garden
  [48.1374, 11.5755], // Munich
  [43.5297, 5.4474], // the Sunday market
  [45.9237, 6.8694], // the chalet in the mountains
  [51.5072, -0.1276], // London
  [48.2605, -3.1456], // the little village church
];

/** What a demo picture shows and says about itself. */
export interface PictureSpec {
  /** Chooses the shape, colours and scene: the same number, the same picture. */
  variant: number;
  /** Written across the bottom, as someone would on a print. */
  caption: string;
  /** When it was taken: a camera of the time writes it in the EXIF (digital photos only). */
  takenAt: Date;
  /** Where, for a phone that recorded it (index in PLACE_COORDINATES). */
  place: number | null;
}

export interface DemoPicture {
  jpeg: Buffer;
  width: number;
  height: number;
  /** The camera's file name (IMG_…) or the scanner's (scan-…). */
  name: string;
}

/** Landscape, portrait, square and panorama, at sizes a scanner or a phone gives. */
const FORMATS: readonly (readonly [number, number])[] = [
  [1200, 800],
  [800, 1200],
  [1024, 768],
  [768, 1024],
  [960, 960],
  [1400, 600],
  [900, 1200],
];

/** Sky or wall colours, top to bottom: dawn, noon, dusk, a faded print, an interior. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#f6c177', '#3e8fb0', '#2a4d3a'],
  ['#9ccfd8', '#eef6f8', '#4b6b3c'],
  ['#eb6f92', '#f6c177', '#3b2f4a'],
  ['#d8c3a5', '#8e8d8a', '#5a4634'],
  ['#e98074', '#eae7dc', '#8e5d3c'],
  ['#a3c4f3', '#fbe7c6', '#31572c'],
  ['#1d3557', '#a8dadc', '#264653'],
];

/** Prints older than this have lost most of their colour. */
const FADED_UNTIL = 1970;
/** Digital cameras write EXIF dates from then on; earlier pictures are scanned prints. */
const DIGITAL_FROM = 1998;
/** Phones record where from then on. */
const GPS_FROM = 2008;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The caption in at most two lines of about `perLine` characters, cut with an ellipsis. */
function captionLines(caption: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of caption.split(/\s+/)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  return [lines[0]!, `${lines[1]!.slice(0, perLine - 1)}…`];
}

/** One of a few simple scenes, drawn in the picture's lower part. */
function scene(kind: number, width: number, height: number, random: () => number, ground: string) {
  const x = (f: number) => Math.round(width * f);
  const y = (f: number) => Math.round(height * f);
  const sun = `<circle cx="${x(0.2 + random() * 0.6)}" cy="${y(0.18 + random() * 0.15)}" r="${Math.round(Math.min(width, height) * (0.06 + random() * 0.05))}" fill="#fff6d5" opacity="0.85"/>`;
  switch (kind % 4) {
    case 0: {
      // Hills.
      const a = 0.6 + random() * 0.15;
      const b = 0.55 + random() * 0.2;
      return `${sun}<path d="M0 ${y(a)} Q${x(0.25)} ${y(a - 0.15)} ${x(0.5)} ${y(a)} T${width} ${y(b)} V${height} H0Z" fill="${ground}"/>`;
    }
    case 1: {
      // The sea, a horizon and the sun's path on the water.
      const horizon = y(0.55 + random() * 0.1);
      return `${sun}<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${ground}" opacity="0.8"/><rect x="${x(0.45)}" y="${horizon}" width="${x(0.1)}" height="${height - horizon}" fill="#fff6d5" opacity="0.25"/>`;
    }
    case 2: {
      // A group: heads and shoulders in a row.
      const count = 2 + Math.floor(random() * 4);
      const r = Math.round(Math.min(width / (count * 3.2), height * 0.09));
      const people = Array.from({ length: count }, (_, i) => {
        const cx = Math.round(((i + 0.5) / count) * width);
        const cy = y(0.58 + random() * 0.05);
        return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${ground}"/><rect x="${cx - r * 1.5}" y="${cy + r * 1.2}" width="${r * 3}" height="${height}" rx="${r}" fill="${ground}"/>`;
      });
      return people.join('');
    }
    default: {
      // Roofs of a town.
      const houses = Array.from({ length: 6 }, (_, i) => {
        const w = width / 6;
        const top = y(0.5 + random() * 0.2);
        return `<rect x="${Math.round(i * w)}" y="${top}" width="${Math.ceil(w) + 1}" height="${height - top}" fill="${ground}" opacity="${(0.75 + random() * 0.25).toFixed(2)}"/>`;
      });
      return `${sun}${houses.join('')}`;
    }
  }
}

function svgOf(spec: PictureSpec, width: number, height: number): string {
  const random = seededRandom(spec.variant * 7919 + 17);
  const [top, bottom, ground] = PALETTES[spec.variant % PALETTES.length]!;
  const fontSize = Math.round(Math.min(width, height) / 22);
  const lines = captionLines(
    `${spec.caption} · ${spec.takenAt.getUTCFullYear()}`,
    Math.floor(width / (fontSize * 0.56)),
  );
  const band = Math.round(fontSize * (lines.length * 1.35 + 0.9));
  const text = lines
    .map(
      (line, i) =>
        `<text x="${Math.round(fontSize * 0.8)}" y="${height - band + Math.round(fontSize * (1.25 + i * 1.35))}">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="${(random() * 0.4).toFixed(2)}" y2="1">` +
    `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#sky)"/>` +
    scene(Math.floor(random() * 4), width, height, random, ground) +
    `<rect y="${height - band}" width="${width}" height="${band}" fill="#000" opacity="0.45"/>` +
    `<g font-family="sans-serif" font-size="${fontSize}" fill="#fff">${text}</g></svg>`
  );
}

/** `1978:08:12 14:30:00`, as cameras write their own clock. */
const exifDate = (date: Date) =>
  date.toISOString().slice(0, 19).replace(/-/g, ':').replace('T', ' ');

/** Degrees as EXIF's three rationals: `43/1 17/1 4740/100`. */
function exifDegrees(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

/** The EXIF a camera of the time would write: a date for a digital one, a place for a phone. */
function exifOf(spec: PictureSpec) {
  const year = spec.takenAt.getUTCFullYear();
  if (year < DIGITAL_FROM) return undefined;
  const when = {
    IFD0: { Make: 'Kinfolio', Model: 'Demo camera' },
    IFD2: { DateTimeOriginal: exifDate(spec.takenAt) },
  };
  const where = spec.place === null || year < GPS_FROM ? undefined : PLACE_COORDINATES[spec.place];
  if (!where) return when;
  const [latitude, longitude] = where;
  return {
    ...when,
    IFD3: {
      GPSLatitudeRef: latitude >= 0 ? 'N' : 'S',
      GPSLatitude: exifDegrees(latitude),
      GPSLongitudeRef: longitude >= 0 ? 'E' : 'W',
      GPSLongitude: exifDegrees(longitude),
    },
  };
}

/** A JPEG of a made-up family photo: a scene, a caption, and the EXIF of its time. */
export async function demoPicture(spec: PictureSpec, index: number): Promise<DemoPicture> {
  const [width, height] = FORMATS[spec.variant % FORMATS.length]!;
  let image = sharp(Buffer.from(svgOf(spec, width, height)));
  // Prints of the fifties and sixties have faded.
  if (spec.takenAt.getUTCFullYear() < FADED_UNTIL) image = image.modulate({ saturation: 0.35 });
  image = image.jpeg({ quality: 78 });
  const exif = exifOf(spec);
  if (exif) image = image.withExif(exif);
  const jpeg = await image.toBuffer();
  const day = spec.takenAt.toISOString().slice(0, 10).replace(/-/g, '');
  const name = exif
    ? `IMG_${day}_${1000 + index}.jpg`
    : `scan-${day.slice(0, 4)}-${1000 + index}.jpg`;
  return { jpeg, width, height, name };
}
