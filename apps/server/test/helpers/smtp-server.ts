import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test's SMTP server received it. */
export type Received = { from: string; to: string[]; raw: string };

export type TestSmtpServer = {
  url: string;
  received: Received[];
  /** The most connections that were open at the same moment (each sending process keeps one). */
  mostOpenAtOnce(): number;
  /** The next `count` messages are answered with this reply code (421: try later; 550: never). */
  refuseNext(count: number, code: number): void;
  /** Resolves once `count` messages have been received in all, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it accepts,
 * and can refuse some with a reply code of the test's choosing.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: Received[] = [];
  let refusals: { count: number; code: number } = { count: 0, code: 421 };
  let open = 0;
  let mostOpen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals.count -= 1;
          const error = Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusals.code });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mostOpenAtOnce: () => mostOpen,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`The SMTP server received ${received.length} of ${count} messages.`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
