import type { MantineColorsTuple } from '@mantine/core';

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean.padEnd(6, '0');
  const n = Number.parseInt(full.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as Rgb;
}

/**
 * Ten shades around the user's colour, which sits at index 6 (Mantine's light primary shade):
 * lighter shades mix towards white, darker ones towards black.
 */
export function generatePalette(hex: string): MantineColorsTuple {
  const base = hexToRgb(hex);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const tints = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18];
  const shades = [0.16, 0.32, 0.46];
  return [
    ...tints.map((t) => rgbToHex(mix(base, white, t))),
    rgbToHex(base),
    ...shades.map((s) => rgbToHex(mix(base, black, s))),
  ] as unknown as MantineColorsTuple;
}

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The user's contrast colour when it is readable on `background` (WCAG AA, 4.5:1), otherwise
 * black or white, whichever reads better: a chosen theme must never make text illegible.
 */
export function readableOn(background: string, preferred: string): string {
  if (contrastRatio(background, preferred) >= 4.5) return preferred;
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000')
    ? '#ffffff'
    : '#000000';
}
