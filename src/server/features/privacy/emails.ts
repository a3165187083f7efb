import { PRODUCT_NAME, TAGLINE } from '#contract/brand.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { CODE_TTL_MINUTES } from '../email-codes/index.ts';

const wrap = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}<p style="color:#6b7280;font-size:13px">${escapeHtml(TAGLINE)}</p></body></html>`;

/** The code that confirms 'Delete my data'. */
export function deleteCodeEmail(email: string, code: string): MailMessage {
  const lines = [
    `Someone signed in to your ${PRODUCT_NAME} dashboard asked to delete all of your data.`,
    `If that was you, enter this code to confirm (it expires in ${CODE_TTL_MINUTES} minutes and works once):`,
  ];
  const warning = "If it wasn't you, ignore this e-mail: nothing is deleted without the code.";
  return {
    to: email,
    subject: `Confirm deleting your ${PRODUCT_NAME} data: ${code}`,
    text: [...lines, '', `    ${code}`, '', warning, '', TAGLINE].join('\n'),
    html: wrap(
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p><p>${escapeHtml(warning)}</p>`,
    ),
  };
}

/** Confirms the deletion (sent after the data is gone; it names no content). */
export function dataDeletedEmail(email: string, deleted: { results: number; trends: number }): MailMessage {
  const lines = [
    `As you asked, we permanently deleted your ${PRODUCT_NAME} data for ${email}:`,
    `- ${deleted.results} content result(s) on your dashboard`,
    `- ${deleted.trends} trend(s) you owned`,
    '- your dashboard sessions, verification codes and data-use choice',
    'You have been signed out everywhere. This cannot be undone.',
  ];
  return {
    to: email,
    subject: `Your ${PRODUCT_NAME} data has been deleted`,
    text: [...lines, '', TAGLINE].join('\n'),
    html: wrap(lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}
