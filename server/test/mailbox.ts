import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from './app.ts';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** Header lines (unfolded) by lower-case name. */
  headers: Record<string, string>;
}

/** A real SMTP server on a free local port; the app sends to it through SMTP_URL like to any mail host. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  /** Addresses this server refuses for now, as a mail host that is down or full would. */
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            headers: Object.fromEntries(mail.headerLines.map((header) => [header.key, header.line.replace(/\r?\n\s+/g, ' ')])),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    /** Waits (up to 5 s) for a message to `to`. */
    async next(to: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mail = received.find((message) => message.to === to);
        if (mail) {
          received.splice(received.indexOf(mail), 1);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail for ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
export type TestAppWithMailbox = TestApp & { mailbox: Mailbox };

/** A test app that sends its mail to a mailbox of its own, with links to http://hearsay.test; closing it stops both. */
export async function createTestAppWithMailbox(env: Record<string, string> = {}, clock?: () => Date): Promise<TestAppWithMailbox> {
  const mailbox = await startMailbox();
  const app = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://hearsay.test', ...env }, clock });
  return {
    ...app,
    mailbox,
    async close() {
      await app.close();
      await mailbox.close();
    },
  };
}
