/**
 * Adds an EXIF block (the day taken and a GPS place) to a JPEG, so the tests need no photo
 * fixture: a little-endian TIFF with IFD0 pointing to an Exif IFD (DateTimeOriginal) and a GPS
 * IFD (latitude and longitude in degrees, minutes, seconds), in an APP1 segment after SOI.
 */
export function withExif(
  jpeg: Buffer,
  { taken, latitude, longitude }: { taken: string; latitude: number; longitude: number },
): Buffer {
  const tiff = Buffer.alloc(178);
  let at = 0;
  const u16 = (value: number) => {
    tiff.writeUInt16LE(value, at);
    at += 2;
  };
  const u32 = (value: number) => {
    tiff.writeUInt32LE(value, at);
    at += 4;
  };
  const entry = (tag: number, type: number, count: number, value: number | string) => {
    u16(tag);
    u16(type);
    u32(count);
    if (typeof value === 'string') {
      tiff.write(value.padEnd(4, '\0'), at, 'latin1');
      at += 4;
    } else u32(value);
  };
  const ASCII = 2;
  const LONG = 4;
  const RATIONAL = 5;
  tiff.write('II', 0, 'latin1');
  at = 2;
  u16(42);
  u32(8);
  // IFD0 (8..38): pointers to the Exif and GPS IFDs.
  u16(2);
  entry(0x8769, LONG, 1, 38);
  entry(0x8825, LONG, 1, 76);
  u32(0);
  // Exif IFD (38..56), its date at 56..76.
  u16(1);
  entry(0x9003, ASCII, 20, 56);
  u32(0);
  tiff.write(`${taken}\0`, 56, 'latin1');
  // GPS IFD (76..130), the two coordinates at 130 and 154.
  at = 76;
  u16(4);
  entry(0x0001, ASCII, 2, latitude < 0 ? 'S' : 'N');
  entry(0x0002, RATIONAL, 3, 130);
  entry(0x0003, ASCII, 2, longitude < 0 ? 'W' : 'E');
  entry(0x0004, RATIONAL, 3, 154);
  u32(0);
  const dms = (value: number, offset: number) => {
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
    [degrees, 1, minutes, 1, seconds, 100].forEach((n, i) => tiff.writeUInt32LE(n, offset + i * 4));
  };
  dms(latitude, 130);
  dms(longitude, 154);
  const header = Buffer.from('Exif\0\0', 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(2 + header.length + tiff.length);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xe1]),
    length,
    header,
    tiff,
    jpeg.subarray(2),
  ]);
}
