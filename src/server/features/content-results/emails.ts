import { PRODUCT_NAME, TAGLINE } from '#contract/brand.ts';
import { codeBlock, emailLayout } from '../../lib/email-layout.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { CODE_TTL_MINUTES } from '../email-codes/index.ts';

/** The dashboard access code (the same e-mail whether or not the address has results). */
export function accessCodeEmail(email: string, code: string, publicUrl: string): MailMessage {
  const link = `${publicUrl}/dashboard`;
  return {
    to: email,
    subject: `Your ${PRODUCT_NAME} dashboard code`,
    text: [
      `Your ${PRODUCT_NAME} dashboard verification code is:`,
      '',
      `    ${code}`,
      '',
      `It expires in ${CODE_TTL_MINUTES} minutes and works once. Enter it on ${link}.`,
      "If you didn't ask for it, ignore this e-mail: nobody can open your dashboard without the code.",
      '',
      TAGLINE,
    ].join('\n'),
    html: emailLayout(
      `<p>Your ${PRODUCT_NAME} dashboard verification code is:</p>${codeBlock(code)}<p>It expires in ${CODE_TTL_MINUTES} minutes and works once. Enter it on <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>.</p><p>If you didn't ask for it, ignore this e-mail: nobody can open your dashboard without the code.</p>`,
    ),
  };
}
