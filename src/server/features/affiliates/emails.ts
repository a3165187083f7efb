import { PRODUCT_NAME, SUPPORT_EMAIL, TAGLINE } from '#contract/brand.ts';
import { codeBlock, emailLayout, paragraphs } from '../../lib/email-layout.ts';
import { escapeHtml, singleLine } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { CODE_TTL_MINUTES } from '../email-codes/index.ts';

function message(to: string, subject: string, lines: string[], htmlLines: string[]): MailMessage {
  return { to, subject, text: [...lines, '', TAGLINE].join('\n'), html: emailLayout(paragraphs(htmlLines)) };
}

export function applicationReceivedEmail(to: { name: string; email: string }): MailMessage {
  const name = singleLine(to.name);
  return message(
    to.email,
    `We received your ${PRODUCT_NAME} affiliate application`,
    [
      `Hi ${name},`,
      '',
      `Thanks for applying to the ${PRODUCT_NAME} affiliate programme. We review applications within 2-3 business days and will e-mail you the decision.`,
    ],
    [
      `Hi ${escapeHtml(name)},`,
      `Thanks for applying to the ${PRODUCT_NAME} affiliate programme. We review applications within 2-3 business days and will e-mail you the decision.`,
    ],
  );
}

export function approvedEmail(
  to: { name: string; email: string },
  link: string,
  publicUrl: string,
): MailMessage {
  const name = singleLine(to.name);
  return message(
    to.email,
    `You're approved: welcome to the ${PRODUCT_NAME} affiliate programme`,
    [
      `Hi ${name},`,
      '',
      'Your affiliate application has been approved.',
      `Your referral link: ${link}`,
      `Sign in with this e-mail address at ${publicUrl}/affiliate-login to see your stats and payout settings.`,
    ],
    [
      `Hi ${escapeHtml(name)},`,
      'Your affiliate application has been approved.',
      `Your referral link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      `Sign in with this e-mail address at <a href="${escapeHtml(publicUrl)}/affiliate-login">the affiliate login</a> to see your stats and payout settings.`,
    ],
  );
}

export function rejectedEmail(to: { name: string; email: string }): MailMessage {
  const name = singleLine(to.name);
  return message(
    to.email,
    `Your ${PRODUCT_NAME} affiliate application`,
    [
      `Hi ${name},`,
      '',
      `Thank you for your interest. Your application was not approved at this time. For more information, contact ${SUPPORT_EMAIL}.`,
    ],
    [
      `Hi ${escapeHtml(name)},`,
      `Thank you for your interest. Your application was not approved at this time. For more information, contact ${SUPPORT_EMAIL}.`,
    ],
  );
}

export function loginCodeEmail(email: string, code: string): MailMessage {
  return message(
    email,
    `Your ${PRODUCT_NAME} affiliate sign-in code`,
    [
      `Your sign-in code is ${code}`,
      '',
      `It expires in ${CODE_TTL_MINUTES} minutes. If you did not try to sign in, you can ignore this e-mail.`,
    ],
    [
      `Your sign-in code is ${codeBlock(code)}`,
      `It expires in ${CODE_TTL_MINUTES} minutes. If you did not try to sign in, you can ignore this e-mail.`,
    ],
  );
}

export function payoutSentEmail(to: { name: string; email: string }, amount: string, period: string) {
  const name = singleLine(to.name);
  return message(
    to.email,
    `Your ${PRODUCT_NAME} affiliate payout of ${amount} is on its way`,
    [`Hi ${name},`, '', `We have sent your affiliate payout of ${amount} for earnings up to ${period}.`],
    [
      `Hi ${escapeHtml(name)},`,
      `We have sent your affiliate payout of ${escapeHtml(amount)} for earnings up to ${escapeHtml(period)}.`,
    ],
  );
}

/**
 * The answer to a sign-in request for an address without an affiliate account. It is sent in
 * place of the code e-mail, so known and unknown addresses cost the same work (no timing
 * difference) while only whoever reads that mailbox learns that it has no account.
 */
export function noAccountEmail(email: string, publicUrl: string): MailMessage {
  return message(
    email,
    `Your ${PRODUCT_NAME} affiliate sign-in`,
    [
      `Someone asked to sign in to the ${PRODUCT_NAME} affiliate portal with this e-mail address, but no affiliate account uses it.`,
      '',
      `To join the affiliate programme, apply at ${publicUrl}/affiliate. If you did not try to sign in, you can ignore this e-mail.`,
    ],
    [
      `Someone asked to sign in to the ${PRODUCT_NAME} affiliate portal with this e-mail address, but no affiliate account uses it.`,
      `To join the affiliate programme, apply at <a href="${escapeHtml(publicUrl)}/affiliate">the affiliate page</a>. If you did not try to sign in, you can ignore this e-mail.`,
    ],
  );
}
