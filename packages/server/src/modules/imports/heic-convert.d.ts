// heic-convert ships no types: what the imports use of it.
declare module 'heic-convert' {
  function convert(options: {
    buffer: Uint8Array;
    format: 'JPEG' | 'PNG';
    quality?: number;
  }): Promise<ArrayBuffer | Uint8Array>;
  export default convert;
}
