import { PRODUCT_NAME, TAGLINE } from '#contract/brand.ts';
import { PLATFORM_LABELS, type Platform } from '#contract/publishing.ts';
import { emailLayout } from '../../lib/email-layout.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';

/** The platform refused the account's token: it must be connected again; its posts wait. */
export function reconnectEmail(
  email: string,
  platform: Platform,
  handle: string,
  studioUrl: string,
): MailMessage {
  const name = PLATFORM_LABELS[platform];
  const lines = [
    `${name} no longer accepts ${PRODUCT_NAME}'s access to ${handle} (it was revoked or has expired).`,
    `Your scheduled posts to ${handle} are kept and wait: connect the account again in the Studio's Publishing tab and they go out.`,
  ];
  return {
    to: email,
    subject: `Reconnect ${handle} on ${name}`,
    text: [...lines, '', studioUrl, '', TAGLINE].join('\n'),
    html: emailLayout(
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(studioUrl)}">Open the Studio</a></p>`,
    ),
  };
}
