import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it: the envelope's recipients and the raw source. */
export type ReceivedMail = { to: string[]; raw: string };

/**
 * An in-process SMTP sink on a free local port, for API tests that send real mail
 * (`buildTestApp(kind, { SMTP_URL: \`smtp://127.0.0.1:${sink.port}\` })`). It keeps every message in
 * `received`; setting `state.rejecting` makes it refuse every recipient with a 550.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const state = { rejecting: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.rejecting) return callback();
      const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** Polls `probe` every 25 ms until it returns something other than undefined; throws after `ms`. */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
