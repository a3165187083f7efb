/** The voice profile as the owner reads it, and the settings they change (pins, bans, byline). */
import { basedOnSentence, type UpdateVoiceInput, type VoiceProfile } from '#contract/studio-voice.ts';
import type { AppContext } from '../../../context.ts';
import { toApiProfile } from './profile-view.ts';
import { queueProfile } from './service.ts';
import { findVoiceSettings, upsertVoiceSettings } from './voice.repository.ts';
import { currentProfile } from './voice-profile.ts';

export async function getVoice(ctx: AppContext, owner: string): Promise<VoiceProfile> {
  const settings = await findVoiceSettings(ctx.database.db, owner);
  const fresh = await currentProfile(ctx.database.db, owner);
  const basedOn = { notes: fresh?.notes ?? 0, words: fresh?.words ?? 0 };
  const profile = toApiProfile(fresh);
  return {
    based_on: basedOn,
    summary: basedOnSentence(basedOn),
    spoken: profile.spoken,
    written: profile.written,
    pins: settings?.pins ?? [],
    bans: settings?.bans ?? [],
    learn_from_edits: settings?.learnFromEdits ?? true,
    byline: settings?.byline ?? null,
    updated_at: settings?.profileUpdatedAt?.toISOString() ?? null,
  };
}

const uniqueCaseless = (values: string[]) => {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export async function updateVoice(ctx: AppContext, owner: string, input: UpdateVoiceInput) {
  await ctx.database.transaction(async (tx) => {
    await upsertVoiceSettings(tx.db, owner, {
      ...(input.pins ? { pins: uniqueCaseless(input.pins.map((p) => p.trim())) } : {}),
      ...(input.bans ? { bans: uniqueCaseless(input.bans.map((b) => b.trim())) } : {}),
      ...(input.learn_from_edits !== undefined ? { learnFromEdits: input.learn_from_edits } : {}),
      ...(input.byline !== undefined ? { byline: input.byline || null } : {}),
    });
    await queueProfile(ctx.jobs, tx, owner);
  });
  return getVoice(ctx, owner);
}
