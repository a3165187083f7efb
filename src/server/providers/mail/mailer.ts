import nodemailer from 'nodemailer';
import { trackProvider } from '../../lib/provider-status.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (values must be single-line). */
  headers?: Record<string, string>;
  /**
   * The Message-ID header (`<...@...>`). The outbox gives each row one, kept across retries, so a
   * receiving system can drop the copy an earlier, timed-out attempt may have delivered.
   */
  messageId?: string;
}

/** An e-mail provider. The real one speaks SMTP; tests point it at a local SMTP sink. */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** SMTP connections of the transactional lane (codes, welcome e-mails) and of campaigns. */
export const SMTP_POOLS = { transactional: 2, bulk: 5 } as const;

/**
 * SMTP through a small connection pool (`maxConnections`, default 5). `timeoutMs`, when given, bounds connecting, the greeting and
 * every wait for the server (defaults: 10 s, 10 s and 20 s).
 */
export function createSmtpMailer(
  smtpUrl: string,
  from: string,
  options: { timeoutMs?: number; maxConnections?: number } = {},
): Mailer {
  const { timeoutMs, maxConnections = 5 } = options;
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      // Reuse a few SMTP connections instead of a handshake per message (campaign volumes).
      pool: true,
      maxConnections,
      maxMessages: 1000,
      connectionTimeout: timeoutMs ?? 10_000,
      greetingTimeout: timeoutMs ?? 10_000,
      socketTimeout: timeoutMs ?? 20_000,
    },
    { from },
  );
  return {
    async send(message) {
      const info = await trackProvider('smtp', () =>
        transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          headers: message.headers,
          ...(message.messageId && { messageId: message.messageId }),
          disableFileAccess: true,
          disableUrlAccess: true,
        }),
      );
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transport.close(),
  };
}

/** True for an error that means the provider did not answer in time (it may still have acted). */
export function isTimeout(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.code === 'ETIMEDOUT' ||
    e.name === 'TimeoutError' ||
    (typeof e.message === 'string' && /\btime(d)?[ -]?out\b/i.test(e.message))
  );
}
