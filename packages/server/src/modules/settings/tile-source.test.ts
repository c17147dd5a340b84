import { describe, expect, it } from 'vitest';
import { tileImageSource } from './tile-source.js';

describe('the tile server as a CSP image source', () => {
  it('keeps the scheme, host and port of a template', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileImageSource('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe(
      'http://localhost:8080',
    );
    expect(tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png')).toBe(
      'https://*.tile.example.org',
    );
  });

  it('gives nothing for tiles off or a host that is not a plain name', () => {
    expect(tileImageSource(null)).toBeNull();
    for (const url of [
      'https://a.example.org;script-src *;/{z}/{x}/{y}.png',
      "https://a.example.org' 'unsafe-inline/{z}/{x}/{y}",
      'https://{z}.example.org/{x}/{y}.png',
      'https://user@example.org/{z}/{x}/{y}.png',
      'ftp://example.org/{z}/{x}/{y}.png',
    ]) {
      expect(tileImageSource(url)).toBeNull();
    }
  });
});
