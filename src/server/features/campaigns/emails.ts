import { TAGLINE } from '#contract/brand.ts';
import { emailLayout } from '../../lib/email-layout.ts';
import { escapeHtml, singleLine } from '../../lib/html.ts';
import { renderTokens } from './content.ts';

/** Text content as HTML paragraphs, for e-mail steps saved without HTML. */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

export interface CampaignEmailParts {
  subject: string;
  text: string;
  html: string;
}

/** A campaign e-mail: the step rendered for a contact, with the unsubscribe link and postal address. */
export function renderCampaignEmail(
  step: { subject: string | null; textContent: string; htmlContent: string | null },
  contactName: string | null,
  footer: { unsubscribeUrl: string; postalAddress: string },
): CampaignEmailParts {
  const subject = singleLine(renderTokens(step.subject ?? '', contactName, 'text'));
  const text = [
    renderTokens(step.textContent, contactName, 'text'),
    '',
    '--',
    TAGLINE,
    `Unsubscribe: ${footer.unsubscribeUrl}`,
    footer.postalAddress,
  ].join('\n');
  const bodyHtml = step.htmlContent
    ? renderTokens(step.htmlContent, contactName, 'html')
    : renderTokens(textToHtml(step.textContent), contactName, 'html');
  return { subject, text, html: emailLayout(bodyHtml, footer) };
}
