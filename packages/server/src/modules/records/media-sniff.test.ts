import { describe, expect, it } from 'vitest';
import { looksLikeAudioOrVideo } from './media-sniff.js';

describe('the bytes a part must start with to reach ffmpeg', () => {
  it('knows audio and video containers by their first bytes', () => {
    for (const head of [
      Buffer.from('ID3\x04\x00'),
      Buffer.from([0xff, 0xfb, 0x90, 0x64]),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '),
      Buffer.from('\x00\x00\x00\x20ftypM4A '),
      Buffer.from('OggS\x00\x02'),
      Buffer.from('fLaC\x00\x00'),
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]),
    ]) {
      expect(looksLikeAudioOrVideo(head), head.toString('hex')).toBe(true);
    }
  });

  it('refuses other files whatever their name or announced type', () => {
    for (const head of [
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('<html><body>'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
      Buffer.from('PK\x03\x04'),
      Buffer.alloc(0),
    ]) {
      expect(looksLikeAudioOrVideo(head), head.toString('hex')).toBe(false);
    }
  });
});
