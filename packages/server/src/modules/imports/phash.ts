import sharp from 'sharp';

/** The side of the greyscale square a picture is reduced to, as sharp-phash does. */
const SAMPLE = 32;
/** The low frequencies kept (the first, the mean, left out): 8 × 8 bits. */
const LOW = 8;

/** COS[i][u] = cos((2i + 1) u π / 2N), SCALE[u] as in the DCT-II. */
const COS = Array.from({ length: SAMPLE }, (_, i) =>
  Float64Array.from({ length: SAMPLE }, (_, u) =>
    Math.cos(((2 * i + 1) / (2 * SAMPLE)) * u * Math.PI),
  ),
);
const SCALE = (u: number) => (u === 0 ? 1 / Math.SQRT2 : 1);

/**
 * sharp-phash's perceptual hash (the same reduction, the same 64 bits, so that hashes stored
 * by earlier imports compare with these), its DCT computed separably and only for the low
 * frequencies it keeps: the library's full four-nested-loop DCT cost ~9 ms of the main thread
 * per picture, this well under one.
 */
export async function perceptualHash(image: Buffer): Promise<string> {
  const data = await sharp(image)
    .greyscale()
    .resize(SAMPLE, SAMPLE, { fit: 'fill' })
    .rotate()
    .raw()
    .toBuffer();
  // f[x][y] = data[N·y + x], as the library reads it; rows[u][y] = Σx COS[x][u]·f[x][y].
  const rows = Array.from({ length: LOW + 1 }, () => new Float64Array(SAMPLE));
  for (let u = 0; u <= LOW; u++) {
    for (let y = 0; y < SAMPLE; y++) {
      let sum = 0;
      for (let x = 0; x < SAMPLE; x++) sum += COS[x]![u]! * data[SAMPLE * y + x]!;
      rows[u]![y] = sum;
    }
  }
  const dct = Array.from({ length: LOW + 1 }, () => new Float64Array(LOW + 1));
  for (let u = 1; u <= LOW; u++) {
    for (let v = 1; v <= LOW; v++) {
      let sum = 0;
      for (let y = 0; y < SAMPLE; y++) sum += COS[y]![v]! * rows[u]![y]!;
      dct[u]![v] = (sum * SCALE(u) * SCALE(v)) / 4;
    }
  }
  let total = 0;
  for (let u = 1; u <= LOW; u++) for (let v = 1; v <= LOW; v++) total += dct[u]![v]!;
  const average = total / (LOW * LOW);
  let bits = '';
  for (let u = 1; u <= LOW; u++) {
    for (let v = 1; v <= LOW; v++) bits += dct[u]![v]! > average ? '1' : '0';
  }
  return bits;
}
