import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Mail = {
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The first 6-digit number of the text: the verification code of our mails. */
  code: string | null;
};

export type Mailbox = {
  /**
   * The oldest mail to `to` that no one has taken yet, waiting for it if need be. Each mail is
   * handed out once, so a second call waits for the next one (e.g. after a resend).
   */
  waitForMail(to: string, opts?: { timeout?: number }): Promise<Mail>;
};

export type SmtpSink = Mailbox & { url: string; close(): Promise<void> };

/** An SMTP server on 127.0.0.1 that accepts every mail and keeps it for the tests of this worker. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const unclaimed: Mail[] = [];
  const waiters = new Set<{ to: string; resolve: (mail: Mail) => void }>();

  const deliver = (mail: Mail) => {
    for (const w of waiters) {
      if (mail.to.includes(w.to)) {
        waiters.delete(w);
        return w.resolve(mail);
      }
    }
    unclaimed.push(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        deliver({ to, subject, text, code: /\b(\d{6})\b/.exec(text)?.[1] ?? null });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    waitForMail(to, { timeout = 15_000 } = {}) {
      const address = to.toLowerCase();
      const i = unclaimed.findIndex((m) => m.to.includes(address));
      if (i >= 0) return Promise.resolve(unclaimed.splice(i, 1)[0]);
      return new Promise<Mail>((resolve, reject) => {
        const waiter = {
          to: address,
          resolve: (mail: Mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No mail to ${to} within ${timeout} ms`));
        }, timeout);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

/** Just enough MIME for our own mails: the subject and the decoded text/plain part. */
export function parseMessage(raw: string): { subject: string; text: string } {
  const root = parsePart(raw);
  return { subject: decodeWords(root.headers.get('subject') ?? ''), text: findText(root) ?? '' };
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function findText(part: Part): string | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1, -1);
    for (const section of sections) {
      const text = findText(parsePart(section.replace(/^\r?\n/, '')));
      if (text !== null) return text;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}
