import type { DbOrTx } from '../../../db/client.ts';
import { buildProfile, type VoiceProfile } from '../engine/index.ts';
import { findVoiceSettings, profileStats, type VoiceSettingsRow } from './voice.repository.ts';

/** Owners whose fresh build this process keeps (least recently used dropped first). */
export const PROFILE_CACHE_SIZE = 500;

/**
 * Fresh builds kept per owner, with the change they were built for: the settings row's creation
 * (a new row after 'Delete my data' starts counting again) and its change counter (`notesVersion`,
 * raised in the transaction of every change to notes, pins and bans). A build still running is kept
 * too, so parallel requests wait for the same one.
 */
const built = new Map<string, { version: string; profile: Promise<VoiceProfile | null> }>();
let builds = 0;

/** Fresh builds made by this process (the test of the cache counts them). */
export const profileBuilds = () => builds;

/**
 * The owner's voice profile (the voice card, drafts, fidelity): the stored copy when it is
 * current (the studio.profile job built it from the latest notes, pins and bans), else built here
 * from the notes' stats, so a note just added counts at once. That build is kept until the next
 * change (otherwise every read of the voice card would build it again while the job is pending). The
 * stats add up, so building stays cheap even for a large library (`npm run bench --
 * studio-profile`). Called outside the transactions that change notes (a build of uncommitted
 * notes would be kept under a counter that rolls back).
 */
export async function currentProfile(
  db: DbOrTx,
  owner: string,
  /** The owner's settings row when the caller has just read it (one query fewer). */
  known?: { settings: VoiceSettingsRow | undefined },
): Promise<VoiceProfile | null> {
  const settings = known ? known.settings : await findVoiceSettings(db, owner);
  if (settings?.profile && settings.profileVersion === settings.notesVersion) {
    const stored = settings.profile as VoiceProfile;
    return stored.notes > 0 ? stored : null;
  }
  const build = async () => {
    builds++;
    const stats = await profileStats(db, owner);
    if (!stats.length) return null;
    return buildProfile(stats, { pinned: settings?.pins ?? [], banned: settings?.bans ?? [] });
  };
  if (!settings) return build();
  const version = `${settings.createdAt.toISOString()}|${settings.notesVersion}`;
  const kept = built.get(owner);
  built.delete(owner);
  if (kept?.version === version) {
    built.set(owner, kept);
    return kept.profile;
  }
  const profile = build();
  const entry = { version, profile };
  built.set(owner, entry);
  if (built.size > PROFILE_CACHE_SIZE) built.delete(built.keys().next().value!);
  profile.catch(() => {
    if (built.get(owner) === entry) built.delete(owner);
  });
  return profile;
}

/** Profiles built without a draft's notes, kept per owner, change and notes (a regeneration reuses one). */
const builtWithout = new Map<string, Promise<VoiceProfile | null>>();

/**
 * The owner's voice profile built without some notes (a draft's own: "sounds like you" compares a
 * draft with the owner's other notes, never with itself); null when no other note is there. Built
 * from the other notes' stored stats (they add up), and kept until the next change to what the
 * profile is built from, as `currentProfile` keeps its builds.
 */
export async function profileWithout(
  db: DbOrTx,
  owner: string,
  noteIds: string[],
  known?: { settings: VoiceSettingsRow | undefined },
): Promise<VoiceProfile | null> {
  const settings = known ? known.settings : await findVoiceSettings(db, owner);
  const build = async () => {
    const stats = await profileStats(db, owner, noteIds);
    if (!stats.some((s) => s.notes > 0)) return null;
    return buildProfile(stats, { pinned: settings?.pins ?? [], banned: settings?.bans ?? [] });
  };
  if (!settings) return build();
  const key = `${owner}|${settings.createdAt.toISOString()}|${settings.notesVersion}|${[...noteIds].sort().join(',')}`;
  const kept = builtWithout.get(key);
  if (kept) {
    builtWithout.delete(key);
    builtWithout.set(key, kept);
    return kept;
  }
  const profile = build();
  builtWithout.set(key, profile);
  if (builtWithout.size > PROFILE_CACHE_SIZE) builtWithout.delete(builtWithout.keys().next().value!);
  profile.catch(() => {
    if (builtWithout.get(key) === profile) builtWithout.delete(key);
  });
  return profile;
}
