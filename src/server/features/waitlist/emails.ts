import { PRODUCT_NAME, SOCIAL_PROFILE_URL, SUPPORT_EMAIL, TAGLINE } from '#contract/brand.ts';
import { escapeHtml, singleLine } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';

interface Recipient {
  name: string;
  email: string;
}

// Until campaign e-mails bring one-click unsubscribe links, opting out is a reply to support.
const UNSUBSCRIBE_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=Unsubscribe`;
const unsubscribeText = `To stop receiving e-mails from ${PRODUCT_NAME}, write to ${SUPPORT_EMAIL} with the subject "Unsubscribe".`;

function layout(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}<p style="margin:24px 0 0;color:#6b7280;font-size:13px">${escapeHtml(TAGLINE)}<br><a href="${UNSUBSCRIBE_MAILTO}">Unsubscribe</a></p></body></html>`;
}

/** Sent when someone signs up again with an address already on the list (at most hourly). */
export function reminderEmail(to: Recipient, publicUrl: string): MailMessage {
  const name = singleLine(to.name);
  return {
    to: to.email,
    subject: `You're already on the ${PRODUCT_NAME} waitlist`,
    text: [
      `Hi ${name},`,
      '',
      `Good news: this address is already on the ${PRODUCT_NAME} waitlist, so there is nothing more to do.`,
      "Here's what happens next: we open early access in waves and will e-mail you here when it's your turn.",
      `Meanwhile, the latest news is on ${SOCIAL_PROFILE_URL}, and our affiliate programme is open: ${publicUrl}/affiliate`,
      '',
      TAGLINE,
      unsubscribeText,
    ].join('\n'),
    html: layout([
      `Hi ${escapeHtml(name)},`,
      `Good news: this address is already on the ${PRODUCT_NAME} waitlist, so there is nothing more to do.`,
      "Here's what happens next: we open early access in waves and will e-mail you here when it's your turn.",
      `Meanwhile, the latest news is on <a href="${SOCIAL_PROFILE_URL}">our profile</a>, and our <a href="${escapeHtml(publicUrl)}/affiliate">affiliate programme</a> is open.`,
    ]),
  };
}
