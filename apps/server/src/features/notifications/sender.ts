import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import type { MailTransport } from './mail-transport.ts';
import { notificationsRepository as repository } from './repository.ts';

/** Messages one claim takes; each is sent and marked before the next (decision 047: a crash repeats one at most). */
const CLAIM = 20;
/** How long a sender holds the messages it took: after it, another process may take them. */
export const LEASE_MS = 5 * 60 * 1000;
/** Retries stop this long after the first try: the message is then failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How often a sender looks for due messages when it found none. */
const POLL_MS = 1000;
/**
 * How long a message's mark (sent, or queued again) is tried again while the database cannot
 * take it: well within the lease, so no other sender takes a message that went out meanwhile.
 * A stopping sender tries only `STOPPING_MARK_TRIES` times, to stop in time.
 */
export const MARK_RETRY_MS = 60_000;
const STOPPING_MARK_TRIES = 3;
/** The pause after a failed mark: 50 ms, doubling, at most 2 s. */
const markPauseMs = (tries: number): number => Math.min(50 * 2 ** (tries - 1), 2000);

/** The wait before the next try after `attempts` tries: 1 minute, doubling, at most an hour. */
export const retryWaitMs = (attempts: number): number => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

type Clock = () => Date;

/**
 * The sender of one server process (decision 047): it takes due messages from the outbox, sends
 * them one by one, and marks each sent, queued again for later, or failed. Started and stopped
 * with the server; a stop waits for the message under way.
 */
export class OutboxSender {
  private running = false;
  private started = false;
  private pass: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'dialect' | 'writeTransaction'>,
    private readonly transport: MailTransport,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly now: Clock = () => new Date(),
  ) {}

  /** Starts sending; with SQLite (one process) a message left `sending` by a stopped process is due again first. */
  async start(): Promise<void> {
    if (this.deps.dialect === 'sqlite') await this.deps.writeTransaction((trx) => repository.releaseAll(trx, this.now().toISOString()));
    this.running = true;
    this.started = true;
    this.pass = this.loop();
  }

  /** Looks for due messages now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops taking messages and waits for the one being sent to be marked. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.pass;
    this.transport.close();
  }

  /** Takes the due messages once and sends them; answers how many it took. */
  async sendDue(): Promise<number> {
    const now = this.now();
    const claimed = await this.deps.writeTransaction.oneStatement((db) =>
      repository.claimDue(db, this.deps.dialect, { now: now.toISOString(), leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(), limit: CLAIM }),
    );
    for (const [index, message] of claimed.entries()) {
      if (!this.running && this.started) {
        // Stopping: the messages not begun are left for the next start (or another process) at once.
        await this.deps.writeTransaction((trx) =>
          repository.release(
            trx,
            claimed.slice(index).map((left) => left.id),
            this.now().toISOString(),
          ),
        );
        break;
      }
      const result = await this.transport.send({ to: message.recipient, subject: message.subject, text: message.text_body, html: message.html_body });
      const at = this.now();
      if (result.sent) {
        // The mail server has it: only this mark stands between it and a second sending, so it is
        // tried again on its own rather than ending the batch (issue 49).
        await this.markWithRetry(`message ${message.id} as sent`, (trx) => repository.markSent(trx, message, at.toISOString()));
        continue;
      }
      const firstTry = Date.parse(message.first_attempt_at ?? at.toISOString());
      const next = at.getTime() + retryWaitMs(message.attempts);
      const nextAttemptAt = result.temporary && next <= firstTry + RETRY_WINDOW_MS ? new Date(next).toISOString() : null;
      await this.markWithRetry(`message ${message.id} as not sent`, (trx) =>
        repository.markUnsent(trx, message.id, { error: result.error, nextAttemptAt, now: at.toISOString() }),
      );
    }
    return claimed.length;
  }

  /**
   * Writes a message's mark, trying again after a database fault (a connection cut, a time limit)
   * with growing pauses for up to `MARK_RETRY_MS`. Only when the database stays out of reach that
   * long does the batch end: the messages not begun are left to their lease, none of them sent.
   */
  private async markWithRetry(what: string, mark: Parameters<Deps['writeTransaction']>[0]): Promise<void> {
    const giveUpAt = Date.now() + MARK_RETRY_MS;
    for (let tries = 1; ; tries += 1) {
      try {
        await this.deps.writeTransaction(mark);
        return;
      } catch (error) {
        const stoppingLimit = !this.running && this.started && tries >= STOPPING_MARK_TRIES;
        if (stoppingLimit || Date.now() + markPauseMs(tries) > giveUpAt) throw error;
        this.log.warn(`The mail sender could not mark ${what} (${(error as Error).message}); trying again.`);
        await new Promise((resolve) => setTimeout(resolve, markPauseMs(tries)));
      }
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let taken = 0;
      try {
        taken = await this.sendDue();
      } catch (error) {
        this.log.error(`The mail sender could not take messages: ${(error as Error).message}`);
      }
      if (this.running && taken < CLAIM) await this.pause();
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      this.wakeUp = () => {
        clearTimeout(this.timer);
        this.wakeUp = undefined;
        resolve();
      };
      this.timer = setTimeout(() => this.wakeUp?.(), POLL_MS);
      this.timer.unref();
    });
  }
}
