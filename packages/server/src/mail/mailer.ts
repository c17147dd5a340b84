import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { JobQueue } from '../jobs/index.js';
import type { FileStorage } from '../storage/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Puts the mail in the job queue and resolves once it is there, so a crash after the answer
   * loses nothing; a worker delivers it, retrying with growing delays, and one that keeps failing
   * lands in the failed jobs. A request's answer never waits for delivery, nor reveals it
   * (forgot-password answers the same whether an account exists).
   */
  queue(message: MailMessage): Promise<void>;
  /**
   * Resolves once every mail this process queued has had its delivery tried: delivered, failed
   * for good, or waiting for a retry (tests). A worker must be running, here or elsewhere.
   */
  flush(): Promise<void>;
  /** Closes the SMTP connection; after the job queue has stopped. */
  close(): Promise<void>;
}

export const MAIL_JOB = 'mail.send';

/** Five attempts, 30 s apart and then twice as long each time: 7.5 minutes in all. */
export const MAIL_RETRIES = { attempts: 5, backoffMs: 30_000 };

export interface MailerDeps {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  jobs: JobQueue;
  /** Where mails go as .eml files when no SMTP server is configured (`storage.mail`). */
  outbox: FileStorage;
  /** Tests shorten the retries. */
  retries?: { attempts: number; backoffMs: number };
}

/** Mails flush() waits for at most: a process that never flushes keeps no more ids than this. */
const TRACKED = 1000;

/**
 * The admin's failed-jobs screen shows who, what subject and the text, but not the one-time
 * links (password reset, invitation): who holds one can take the account it opens.
 */
function withoutLinks(message: MailMessage): MailMessage {
  const text = message.text.replace(/https?:\/\/\S+/g, (link) => {
    try {
      const url = new URL(link);
      return `${url.origin}${url.pathname.replace(/\/[^/]*$/, '')}/…`;
    } catch {
      return '…';
    }
  });
  return { ...message, text };
}

/**
 * Mail as a job (`mail.send`, queue `mail`): declared here, where it is made, so that every
 * process with a context can queue it and every worker can deliver it. Over SMTP (`SMTP_URL`),
 * else written to the outbox storage as `<time>-<random>.eml`.
 */
export function createMailer({ config, jobs, outbox, retries = MAIL_RETRIES }: MailerDeps): Mailer {
  let transport: nodemailer.Transporter | undefined;
  const transportOf = () =>
    (transport ??= config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const queued = new Set<string>();

  const mailJob = jobs.define<MailMessage>(
    MAIL_JOB,
    async (message, job) => {
      const info = await transportOf().sendMail({ from: config.mailFrom, ...message });
      if (config.smtpUrl) return;
      const key = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const eml = (info as unknown as { message: Buffer }).message;
      await outbox.put(key, Readable.from([eml]), { contentType: 'message/rfc822' });
      job.log.info({ key, to: message.to }, 'mail written to the outbox');
    },
    { ...retries, queue: 'mail', redact: withoutLinks },
  );

  return {
    async queue(message) {
      const id = await mailJob.enqueue(message);
      queued.add(id);
      if (queued.size > TRACKED) queued.delete(queued.values().next().value!);
    },
    async flush() {
      while (queued.size) {
        for (const id of [...queued]) {
          const status = await jobs.status(id);
          const tried =
            !status ||
            status.state === 'done' ||
            status.state === 'failed' ||
            (status.state === 'queued' && status.attempts > 0);
          if (tried) queued.delete(id);
        }
        if (queued.size) await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      transport?.close();
      transport = undefined;
    },
  };
}
