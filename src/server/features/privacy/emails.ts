import { PRODUCT_NAME, TAGLINE } from '#contract/brand.ts';
import { codeBlock, emailLayout } from '../../lib/email-layout.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { CODE_TTL_MINUTES } from '../email-codes/index.ts';

/** The code that confirms 'Delete my data'. */
export function deleteCodeEmail(email: string, code: string): MailMessage {
  const lines = [
    `Someone signed in to your ${PRODUCT_NAME} dashboard asked to delete all of your data.`,
    `If that was you, enter this code to confirm (it expires in ${CODE_TTL_MINUTES} minutes and works once):`,
  ];
  const warning = "If it wasn't you, ignore this e-mail: nothing is deleted without the code.";
  return {
    to: email,
    subject: `Confirm deleting your ${PRODUCT_NAME} data`,
    text: [...lines, '', `    ${code}`, '', warning, '', TAGLINE].join('\n'),
    html: emailLayout(
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${codeBlock(code)}<p>${escapeHtml(warning)}</p>`,
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
    html: emailLayout(lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')),
  };
}
