import { PRODUCT_NAME, TAGLINE } from '#contract/brand.ts';
import type { AccessOrigin } from '#contract/content-results.ts';
import { codeBlock, emailLayout } from '../../lib/email-layout.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { CODE_TTL_MINUTES } from '../email-codes/index.ts';

/** The page each sign-in code is asked for on: its name in the e-mail, and its path. */
const ORIGIN: Record<AccessOrigin, { name: string; path: string }> = {
  dashboard: { name: `${PRODUCT_NAME} dashboard`, path: '/dashboard' },
  studio: { name: `${PRODUCT_NAME} Studio`, path: '/studio' },
};

/**
 * The sign-in code of the dashboard session (the same e-mail whether or not that e-mail has
 * results); it names the page it was asked for on, the dashboard or the Studio (one session).
 */
export function accessCodeEmail(
  email: string,
  code: string,
  publicUrl: string,
  from: AccessOrigin = 'dashboard',
): MailMessage {
  const { name, path } = ORIGIN[from];
  const link = `${publicUrl}${path}`;
  const what = from === 'studio' ? 'your Studio' : 'your dashboard';
  return {
    to: email,
    subject: `Your ${name} code`,
    text: [
      `Your ${name} verification code is:`,
      '',
      `    ${code}`,
      '',
      `It expires in ${CODE_TTL_MINUTES} minutes and works once. Enter it on ${link}.`,
      `If you didn't ask for it, ignore this e-mail: nobody can open ${what} without the code.`,
      '',
      TAGLINE,
    ].join('\n'),
    html: emailLayout(
      `<p>Your ${escapeHtml(name)} verification code is:</p>${codeBlock(code)}<p>It expires in ${CODE_TTL_MINUTES} minutes and works once. Enter it on <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>.</p><p>If you didn't ask for it, ignore this e-mail: nobody can open ${what} without the code.</p>`,
    ),
  };
}
