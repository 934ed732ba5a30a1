/**
 * Outgoing mail through nodemailer. With SMTP_URL set, mail goes to that server; without it, each
 * message is written as an `.eml` file under `.data/outbox/` (CONTRACT.md), so development needs no
 * mail server. A send either resolves (accepted by the server / written) or rejects: callers decide
 * what a failure means (a reply is not recorded; feedback is kept anyway). nodemailer is loaded at
 * the first send, so a process that sends nothing does not pay for it at start-up.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import { randomId } from '../domain/ids.ts';

/** One message to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  replyTo?: string;
}

/** Sends mail; `send` rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The transport `create` makes, made at the first send; `close` closes it when it exists. */
function lazyTransport<T>(create: (mailer: typeof nodemailer) => Transporter<T>): { get(): Promise<Transporter<T>>; close(): void } {
  let transport: Promise<Transporter<T>> | null = null;
  return {
    get() {
      transport ??= import('nodemailer').then(({ default: mailer }) => create(mailer));
      return transport;
    },
    close() {
      void transport?.then((t) => t.close(), () => undefined);
    },
  };
}

/** Build the mailer the configuration asks for. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Logger): Mailer {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const transport = lazyTransport((mailer) =>
      mailer.createTransport({
        host: url.hostname,
        port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
        secure: url.protocol === 'smtps:',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        // Loopback test servers speak plain SMTP; STARTTLS is used whenever the server offers it.
        tls: { rejectUnauthorized: url.hostname !== '127.0.0.1' && url.hostname !== 'localhost' },
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    );
    return {
      async send(message) {
        await (await transport.get()).sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = lazyTransport((mailer) => mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomId()}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info('mail written to the outbox', { file: path.relative(process.cwd(), file), subject: message.subject });
    },
    close: () => transport.close(),
  };
}
