import { PRODUCT_NAME, SOCIAL_PROFILE_URL, SUPPORT_EMAIL, TAGLINE } from '#contract/brand.ts';
import { emailLayout, paragraphs } from '../../lib/email-layout.ts';
import { escapeHtml, singleLine } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';

interface Recipient {
  name: string;
  email: string;
}

// Until campaign e-mails bring one-click unsubscribe links, opting out is a reply to support.
const UNSUBSCRIBE_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=Unsubscribe`;
const unsubscribeText = `To stop receiving e-mails from ${PRODUCT_NAME}, write to ${SUPPORT_EMAIL} with the subject "Unsubscribe".`;

const layout = (html: string[]) => emailLayout(paragraphs(html), { unsubscribeUrl: UNSUBSCRIBE_MAILTO });

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
