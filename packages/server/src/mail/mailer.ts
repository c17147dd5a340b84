import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { randomToken } from '../auth/tokens.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Sends in the background: a request's answer must not wait for, nor reveal, mail delivery
   * (forgot-password answers the same whether an account exists).
   */
  queue(message: MailMessage): void;
  /** Resolves once every queued mail has been handed over (shutdown, tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(config.dataDir, 'mail');
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: config.mailFrom, ...message });
    if (!config.smtpUrl) {
      // Without SMTP, mails are kept as .eml files an operator can open.
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`;
      await fs.writeFile(path.join(outbox, name), (info as unknown as { message: Buffer }).message);
      log.info({ file: path.join(outbox, name), to: message.to }, 'mail written to the outbox');
    }
  }

  return {
    queue(message) {
      const job = deliver(message)
        .catch((err: unknown) => log.error({ err, to: message.to }, 'mail delivery failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      transport.close();
    },
  };
}
