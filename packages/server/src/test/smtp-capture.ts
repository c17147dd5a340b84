import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = [parsed.to]
            .flat()
            .flatMap((address) => address?.value.map((v) => v.address ?? '') ?? []);
          mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for a mail to this address (and matching the optional test), up to 10 s. */
    async waitFor(to: string, test: (mail: CapturedMail) => boolean = () => true) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mails.find((mail) => mail.to.includes(to) && test(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text. */
export function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in mail: ${text}`);
  return match[0];
}
