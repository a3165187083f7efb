import { PRODUCT_NAME, TAGLINE } from '#contract/brand.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { CODE_TTL_MINUTES } from '../email-codes/index.ts';

/** The dashboard access code (the same e-mail whether or not the address has results). */
export function accessCodeEmail(email: string, code: string, publicUrl: string): MailMessage {
  const link = `${publicUrl}/dashboard`;
  return {
    to: email,
    subject: `Your ${PRODUCT_NAME} dashboard code: ${code}`,
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
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><p>Your ${PRODUCT_NAME} dashboard verification code is:</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p><p>It expires in ${CODE_TTL_MINUTES} minutes and works once. Enter it on <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>.</p><p>If you didn't ask for it, ignore this e-mail: nobody can open your dashboard without the code.</p><p style="color:#6b7280;font-size:13px">${escapeHtml(TAGLINE)}</p></body></html>`,
  };
}
