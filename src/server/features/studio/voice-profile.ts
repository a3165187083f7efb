import type { DbOrTx } from '../../db/client.ts';
import { findVoiceSettings, readyNoteStats } from './repository.ts';
import { buildProfile, type NoteStats, type VoiceProfile } from './text/profile.ts';

/**
 * Read on every use (the voice card, drafts, fidelity), so a note just added counts at once; the
 * stats add up, so this stays cheap (about 0.2 s for a million words, `npm run bench -- studio-profile`).
 */
export async function currentProfile(db: DbOrTx, owner: string): Promise<VoiceProfile | null> {
  const rows = await readyNoteStats(db, owner);
  if (!rows.length) return null;
  const settings = await findVoiceSettings(db, owner);
  return buildProfile(
    rows.map((r) => r.stats as NoteStats),
    { pinned: settings?.pins ?? [], banned: settings?.bans ?? [] },
  );
}
