import { TAGLINE } from '#contract/brand.ts';
import { escapeHtml } from './html.ts';

/**
 * The one HTML frame of every e-mail Echo sends: a narrow, readable column and a muted footer with
 * the tagline, then (when given) an unsubscribe link and the postal address. Bodies are HTML the
 * caller built (escape user text with escapeHtml); `paragraphs` and `codeBlock` build the usual parts.
 */
export function emailLayout(
  bodyHtml: string,
  footer: { unsubscribeUrl?: string; postalAddress?: string } = {},
): string {
  const lines = [escapeHtml(TAGLINE)];
  if (footer.unsubscribeUrl) lines.push(`<a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe</a>`);
  if (footer.postalAddress) lines.push(escapeHtml(footer.postalAddress));
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${bodyHtml}<p style="margin:24px 0 0;color:#6b7280;font-size:13px">${lines.join('<br>')}</p></body></html>`;
}

/** Paragraphs of HTML (already escaped where they hold user text). */
export const paragraphs = (html: string[]) => html.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');

/** A verification code, large and spaced, in a paragraph of its own. */
export const codeBlock = (code: string) =>
  `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>`;
