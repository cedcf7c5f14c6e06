import nodemailer from 'nodemailer';

/** A message as it goes out. */
export type Mail = { to: string; subject: string; text: string; html: string };

/** What sending one message came to: sent, a failure worth trying again, or one that never will succeed. */
export type SendResult = { sent: true } | { sent: false; temporary: boolean; error: string };

export type MailTransport = { send(mail: Mail): Promise<SendResult>; close(): void };

/** How long a connection, the server's greeting and a quiet socket may take before the try counts as a temporary failure. */
const TIMEOUT_MS = 30_000;

/**
 * Nodemailer over SMTP_URL (decision 047), one pooled connection kept open between messages. A
 * reply of 5xx is permanent; anything else that fails (no connection, a 4xx reply, a timeout) is
 * temporary and the message is tried again.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail({ from, ...mail });
        return { sent: true };
      } catch (error) {
        const { responseCode, message } = error as { responseCode?: number; message?: string };
        return { sent: false, temporary: !(typeof responseCode === 'number' && responseCode >= 500), error: (message ?? String(error)).slice(0, 500) };
      }
    },
    close: () => transporter.close(),
  };
}
