import type { FastifyInstance } from 'fastify';
import { smtpTransport } from './mail-transport.ts';
import { OutboxSender } from './sender.ts';

/**
 * Runs this process's mail sender while the server runs, when SMTP_URL is set (decision 047):
 * started once the app is ready, stopped when it closes (after the message under way).
 * Without SMTP_URL messages stay queued.
 */
export function registerOutboxSender(app: FastifyInstance): void {
  const { config } = app.deps;
  if (!config.smtpUrl) return;
  const sender = new OutboxSender(app.deps, smtpTransport(config.smtpUrl, config.mailFrom), app.log);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
}
