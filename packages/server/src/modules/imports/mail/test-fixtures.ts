/** Messages and mailboxes the mail import tests write by hand, encodings and all (tests only). */

export interface FixtureAttachment {
  /** The file name, written RFC 2231 (UTF-8, percent-encoded) so that any language fits. */
  name: string;
  type: string;
  data: Buffer;
}

export interface FixtureMessage {
  headers: Record<string, string>;
  text?: string;
  /** The text's charset (its bytes are written in it, quoted-printable). */
  charset?: 'utf-8' | 'iso-8859-1';
  html?: string;
  attachments?: FixtureAttachment[];
}

function quotedPrintable(bytes: Buffer): string {
  let line = '';
  const lines: string[] = [];
  for (const byte of bytes) {
    if (byte === 0x0a) {
      lines.push(line);
      line = '';
      continue;
    }
    const char =
      (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32
        ? String.fromCharCode(byte)
        : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    if (line.length + char.length > 73) {
      lines.push(`${line}=`);
      line = '';
    }
    line += char;
  }
  lines.push(line);
  return lines.join('\n');
}

const base64 = (data: Buffer) => data.toString('base64').replace(/.{76}/g, '$&\n');

/** An RFC 822 message, `\n` line ends (as mbox files keep them). */
export function message(spec: FixtureMessage): string {
  const head = Object.entries(spec.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const charset = spec.charset ?? 'utf-8';
  const textPart = (text: string) =>
    `Content-Type: text/plain; charset=${charset}\nContent-Transfer-Encoding: quoted-printable\n\n${quotedPrintable(Buffer.from(text, charset === 'utf-8' ? 'utf8' : 'latin1'))}`;
  const htmlPart = (html: string) =>
    `Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n${quotedPrintable(Buffer.from(html))}`;
  const body = spec.html ? htmlPart(spec.html) : textPart(spec.text ?? '');
  if (!spec.attachments?.length) return `${head}\nMIME-Version: 1.0\n${body}\n`;
  const boundary = '----=_kinfolio_boundary';
  const parts = [
    body,
    ...spec.attachments.map(
      (file) =>
        `Content-Type: ${file.type}\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment;\n filename*=utf-8''${encodeURIComponent(file.name)}\n\n${base64(file.data)}`,
    ),
  ];
  return `${head}\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="${boundary}"\n\n${parts
    .map((part) => `--${boundary}\n${part}\n`)
    .join('')}--${boundary}--\n`;
}

/** Messages in an mbox (mboxrd: body lines starting `From ` are written `>From `). */
export function mbox(messages: (string | Buffer)[]): Buffer {
  return Buffer.concat(
    messages.map((raw) => {
      const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : raw;
      const escaped = text.replace(/^(>*From )/gm, '>$1');
      return Buffer.from(
        `From sender@example.com Mon Jan  1 10:00:00 2001\n${escaped}\n`,
        Buffer.isBuffer(raw) ? 'latin1' : 'utf8',
      );
    }),
  );
}
