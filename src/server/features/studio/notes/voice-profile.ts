import type { DbOrTx } from '../../../db/client.ts';
import { buildProfile, type NoteStats, type VoiceProfile } from '../text/index.ts';
import { findVoiceSettings, readyNoteStats } from './repository.ts';

/**
 * The address's voice profile (the voice card, drafts, fidelity): the stored copy when it is
 * current (the studio.profile job built it from the latest notes, pins and bans), else built here
 * from the notes' stats, so a note just added counts at once. The stats add up, so building stays
 * cheap (about 0.2 s for a million words, `npm run bench -- studio-profile`).
 */
export async function currentProfile(db: DbOrTx, owner: string): Promise<VoiceProfile | null> {
  const settings = await findVoiceSettings(db, owner);
  if (settings?.profile && settings.profileVersion === settings.notesVersion) {
    const stored = settings.profile as VoiceProfile;
    return stored.notes > 0 ? stored : null;
  }
  const rows = await readyNoteStats(db, owner);
  if (!rows.length) return null;
  return buildProfile(
    rows.map((r) => r.stats as NoteStats),
    { pinned: settings?.pins ?? [], banned: settings?.bans ?? [] },
  );
}
