/**
 * A real SMTP peer on loopback (smtp-server) for tests: it records every message it accepts, and
 * can be told to refuse (a 550 to the sender), so tests prove both delivery and failure handling.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { until } from './until.ts';

/** One received message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw RFC 5322 message. */
  raw: string;
}

/** A running loopback SMTP server. */
export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** While true, every message is refused. */
  refusing: boolean;
  /** Messages whose data arrived and whose acceptance waits for `release` (see `hold`). */
  held: number;
  /** From now on, accept no message until the returned function is called (the sender waits for the reply to its data). */
  hold(): () => void;
  /** Wait until `count` messages have arrived (or fail after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Start the server on a free loopback port. */
export async function startSmtp(): Promise<TestSmtp> {
  let gate: Promise<void> | null = null;
  const state: TestSmtp = {
    url: '',
    messages: [],
    refusing: false,
    held: 0,
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    async waitFor(count, timeoutMs = 10_000) {
      await until(() => state.messages.length >= count, timeoutMs, `${count} mails (got ${state.messages.length} so far)`);
      return state.messages;
    },
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (state.refusing) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          state.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (gate === null) return accept();
        state.held += 1;
        void gate.then(() => {
          state.held -= 1;
          accept();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Decode a quoted-printable body part (enough to read our own mails in tests). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The header value of a raw message (unfolded), or null. */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? null;
}
