/**
 * Whether the first bytes of a file are those of an audio or video container ffmpeg is meant to
 * decode here: the bytes decide, never the uploader's type or name, so a file of another kind
 * sent as audio never reaches the decoder.
 */
export function looksLikeAudioOrVideo(head: Buffer): boolean {
  const at = (offset: number, text: string) =>
    head.length >= offset + text.length &&
    head.toString('latin1', offset, offset + text.length) === text;
  if (at(0, 'ID3') || at(0, 'fLaC') || at(0, 'OggS') || at(0, '#!AMR') || at(0, 'caff'))
    return true;
  if (at(0, 'RIFF') && (at(8, 'WAVE') || at(8, 'AVI '))) return true;
  if (at(0, 'FORM') && (at(8, 'AIFF') || at(8, 'AIFC'))) return true;
  if (at(4, 'ftyp')) return true;
  if (at(0, '.snd') || at(0, 'MAC ') || at(0, 'wvpk')) return true;
  // Matroska and WebM (EBML), ASF (WMA, WMV), MPEG program streams.
  const bytes = (...values: number[]) => values.every((v, i) => head[i] === v);
  if (bytes(0x1a, 0x45, 0xdf, 0xa3) || bytes(0x30, 0x26, 0xb2, 0x75) || bytes(0, 0, 1, 0xba)) {
    return true;
  }
  // An MPEG audio frame (MP3, MP2) or an ADTS AAC frame: eleven set sync bits.
  return head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

/** How many first bytes the check needs. */
export const SNIFF_BYTES = 16;
