// mbox-reader ships no types: what the mail import uses of it.
declare module 'mbox-reader' {
  import type { Readable } from 'node:stream';
  export interface MboxReaderMessage {
    returnPath: string | undefined;
    time: Date | false;
    content: Buffer;
    headers: Map<string, string[]>;
    flags: string[];
    labels: string[];
    readSize: number;
  }
  export function mboxReader(
    source: Readable,
    options?: { gz?: boolean },
  ): AsyncGenerator<MboxReaderMessage>;
}
