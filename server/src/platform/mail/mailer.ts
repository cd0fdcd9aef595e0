import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log. */
  description: string;
}

/**
 * Real e-mail over SMTP when SMTP_URL is set; otherwise a development outbox: every message is
 * logged (with its links) and written to DATA_DIR/outbox/ so a developer can follow them.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: { info(object: object, message: string): void };
  /** Told of each message sent or not (metrics). */
  onOutcome?: (outcome: 'sent' | 'failed') => void;
}): Mailer {
  const mailer = createTransportMailer(options);
  const { onOutcome } = options;
  if (!onOutcome) return mailer;
  return {
    description: mailer.description,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        onOutcome('failed');
        throw error;
      }
      onOutcome('sent');
    },
  };
}

function createTransportMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: { info(object: object, message: string): void };
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      description: `SMTP ${new URL(options.smtpUrl).host}`,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  return {
    description: `development outbox ${outbox}`,
    async send(message) {
      mkdirSync(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.]/gi, '_')}.txt`);
      writeFileSync(file, `From: ${options.from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, { mode: 0o600 });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info({ to: message.to, subject: message.subject, links, file }, 'e-mail written to the development outbox');
    },
  };
}
