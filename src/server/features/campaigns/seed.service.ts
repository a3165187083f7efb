import { PRODUCT_NAME, SOCIAL_PROFILE_URL } from '#contract/brand.ts';
import { WELCOME_SERIES_NAME } from '#contract/campaigns.ts';
import type { Database } from '../../db/client.ts';
import { insertSteps, insertSystemCampaign } from './repository.ts';

/**
 * The Welcome Series exists from the first start, active, triggered by waitlist signups. Seeded at
 * every start and idempotent (keyed by system_key), so an admin's edits are kept.
 */
export const WELCOME_STEPS = [
  {
    sequenceNumber: 1,
    delayDays: 0,
    subject: `You're on the ${PRODUCT_NAME} waitlist`,
    textContent: [
      'Hi {{name}},',
      '',
      `Thanks for joining the ${PRODUCT_NAME} waitlist. You're in!`,
      '',
      `We'll e-mail you as soon as your early access is ready. Until then, follow along: ${SOCIAL_PROFILE_URL}`,
    ].join('\n'),
    htmlContent: [
      '<p>Hi {{name}},</p>',
      `<p>Thanks for joining the ${PRODUCT_NAME} waitlist. You're in!</p>`,
      `<p>We'll e-mail you as soon as your early access is ready. Until then, <a href="${SOCIAL_PROFILE_URL}">follow along</a>.</p>`,
    ].join(''),
  },
  {
    sequenceNumber: 2,
    delayDays: 3,
    subject: `How ${PRODUCT_NAME} turns your voice into content`,
    textContent: [
      'Hi {{name}},',
      '',
      `A voice note, a video or a few of your posts are all ${PRODUCT_NAME} needs. It learns how you speak and turns one idea into a blog post, a social media kit and short clips, in your tone.`,
      '',
      "Reply and tell us what you'd like to create first.",
    ].join('\n'),
    htmlContent: null,
  },
];

export async function seedCampaigns(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    const campaign = await insertSystemCampaign(tx.db, {
      name: WELCOME_SERIES_NAME,
      description: 'Sent to every new waitlist signup, starting with the welcome e-mail.',
      triggerType: 'signup',
      status: 'active',
      systemKey: 'welcome',
    });
    if (!campaign) return;
    await insertSteps(
      tx.db,
      WELCOME_STEPS.map((step) => ({ ...step, campaignId: campaign.id, messageType: 'email' })),
    );
  });
}
