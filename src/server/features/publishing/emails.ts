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

/** Echo could not renew an account's access before it ends: connect it again; its posts wait, nothing is lost. */
export function renewEmail(
  email: string,
  platform: Platform,
  handle: string,
  expiresAt: Date,
  studioUrl: string,
): MailMessage {
  const name = PLATFORM_LABELS[platform];
  const lines = [
    `${PRODUCT_NAME}'s access to ${handle} on ${name} ends on ${expiresAt.toUTCString()}, and ${name} did not let ${PRODUCT_NAME} renew it.`,
    `Connect the account again in the Studio's Publishing tab. Until you do, your scheduled posts to ${handle} wait; none is lost or sent with an expired token.`,
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
