import type { Readable, Writable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { FileStorage } from '../../storage/storage.js';
import { entriesOf, type ExportEntry, type ExportItem } from './collect.js';
import { safeName, zipWriter } from './zip.js';

/** People in the archive have names, not addresses: theirs are made up under a reserved domain. */
const DOMAIN = 'kinfolio.invalid';

/** An item's date (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`), else its creation, as a Date. */
export function mailDate(entry: Pick<ExportEntry, 'date' | 'created_at'>): Date {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(entry.date ?? '');
  if (match) {
    const [, y, m = '01', d = '01'] = match;
    const date = new Date(`${y}-${m}-${d}T12:00:00Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  const created = new Date(entry.created_at);
  return Number.isNaN(created.getTime()) ? new Date(0) : created;
}

/**
 * One mail as an RFC 5322 message (nodemailer's composer: RFC 2047 encoded headers, UTF-8 text
 * in quoted-printable or base64, attachments with RFC 2231 names). Its people become the From and
 * To addresses, its files the attachments.
 */
export function emlStream(entry: ExportEntry, originalId: number, storage: FileStorage): Readable {
  const people = (role: string) =>
    entry.people
      .filter((p) => p.role === role)
      .map((p) => ({ name: p.name, address: `person-${p.id}@${DOMAIN}` }));
  const from = people('from');
  const composer = new MailComposer({
    from: from[0] ?? { name: 'Kinfolio', address: `archive@${DOMAIN}` },
    to: people('to'),
    subject: entry.title,
    date: mailDate(entry),
    messageId: `<kinfolio-item-${entry.id}@${DOMAIN}>`,
    text: entry.text,
    headers: {
      'Content-Language': entry.language,
      ...(from.length > 1
        ? {
            'X-Kinfolio-Also-From': from
              .slice(1)
              .map((p) => p.name)
              .join(', '),
          }
        : {}),
      ...(entry.id !== originalId ? { 'X-Kinfolio-Translation-Of': String(originalId) } : {}),
    },
    attachments: entry.files.map((file) => ({
      filename: file.name,
      contentType: file.mime,
      content: storage.get(file.storage_key),
    })),
  });
  return composer.compile().createReadStream();
}

/** The mails, each as `<id>-<language>-<title>.eml` (translations too), zipped. */
export async function writeEmlZip(
  out: Writable,
  items: AsyncIterable<ExportItem>,
  storage: FileStorage,
  onItem: () => Promise<void>,
): Promise<void> {
  const zip = zipWriter(out);
  for await (const item of items) {
    for (const entry of entriesOf(item)) {
      const name = `${entry.id}-${entry.language}-${safeName(entry.title, 'mail').slice(0, 80)}.eml`;
      await zip.addStream(name, () => emlStream(entry, item.id, storage));
    }
    await onItem();
  }
  await zip.end();
}
