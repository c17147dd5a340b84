import phash from 'sharp-phash';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { perceptualHash } from './phash.js';

/** A picture of a few coloured shapes, different for each seed. */
function picture(seed: number) {
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const n = (seed * 7919 + i * 104729) % 1000;
    return `<rect x="${n % 500}" y="${(n * 3) % 300}" width="${60 + (n % 200)}" height="${40 + ((n * 7) % 150)}" fill="hsl(${(n * 37) % 360},60%,${30 + (n % 40)}%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="hsl(${seed * 50},30%,80%)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

describe('perceptualHash', () => {
  it('gives the bits sharp-phash gives', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const image = await picture(seed);
      const ours = await perceptualHash(image);
      expect(ours).toMatch(/^[01]{64}$/);
      expect(ours).toBe(await phash(image));
    }
  });
});
