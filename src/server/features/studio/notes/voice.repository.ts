import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNotes, studioVoiceSettings } from '../../../db/schema/studio.ts';
import { studioDrafts } from '../../../db/schema/studio-drafts.ts';
import type { NoteStats } from '../engine/index.ts';
import type { NoteRow } from './repository.ts';

/**
 * The voice side of the notes' tables: an owner's voice settings and stored profile, and what the
 * profile and the Ideas are computed from (repository.ts keeps the notes and sentences themselves).
 */

export type VoiceSettingsRow = typeof studioVoiceSettings.$inferSelect;

export async function findVoiceSettings(db: DbOrTx, owner: string): Promise<VoiceSettingsRow | undefined> {
  const [row] = await db.select().from(studioVoiceSettings).where(eq(studioVoiceSettings.ownerEmail, owner));
  return row;
}

export async function upsertVoiceSettings(
  db: DbOrTx,
  owner: string,
  values: Partial<Omit<typeof studioVoiceSettings.$inferInsert, 'ownerEmail'>>,
): Promise<VoiceSettingsRow> {
  const [row] = await db
    .insert(studioVoiceSettings)
    .values({ ownerEmail: owner, ...values })
    .onConflictDoUpdate({ target: studioVoiceSettings.ownerEmail, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/**
 * Stores a built profile on the owner's existing settings row, never making one: an owner whose
 * data was deleted while its profile was being built stays deleted.
 */
export async function storeBuiltProfile(
  db: DbOrTx,
  owner: string,
  values: Pick<
    typeof studioVoiceSettings.$inferInsert,
    'profile' | 'profileNotes' | 'profileWords' | 'profileUpdatedAt' | 'profileVersion'
  >,
): Promise<void> {
  await db
    .update(studioVoiceSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(studioVoiceSettings.ownerEmail, owner));
}

/** Notes, pins or bans changed (in the caller's transaction): the stored profile is out of date. */
export async function markProfileStale(db: DbOrTx, owner: string): Promise<void> {
  await db
    .insert(studioVoiceSettings)
    .values({ ownerEmail: owner, notesVersion: 1 })
    .onConflictDoUpdate({
      target: studioVoiceSettings.ownerEmail,
      set: { notesVersion: sql`${studioVoiceSettings.notesVersion} + 1` },
    });
}

// ---------------------------------------------------------------- what the profile and the Ideas read

/**
 * What the voice profile is built from: the stats of every ready note of the owner, then the
 * samples learned from their edited drafts (`studio_drafts.learned`: words, not notes). `without`:
 * notes left out, with the samples of their drafts (a draft's "sounds like you" is measured against
 * the owner's other notes).
 */
export async function profileStats(db: DbOrTx, owner: string, without: string[] = []): Promise<NoteStats[]> {
  const notes = await readyNoteStats(db, owner, without);
  if (!notes.length) return [];
  const samples = await db
    .select({ stats: sql<NoteStats | null>`${studioDrafts.learned} -> 'stats'` })
    .from(studioDrafts)
    .where(
      and(
        eq(studioDrafts.ownerEmail, owner),
        isNotNull(studioDrafts.learned),
        // Samples learned from drafts of the notes left out are left out with them.
        ...(without.length ? [sql`not (${studioDrafts.noteIds} && ${uuids(without)})`] : []),
      ),
    );
  return [...notes.map((r) => r.stats as NoteStats), ...samples.flatMap((r) => (r.stats ? [r.stats] : []))];
}

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The stats of every ready note of the owner (but the notes `without`). */
export async function readyNoteStats(
  db: DbOrTx,
  owner: string,
  without: string[] = [],
): Promise<Array<Pick<NoteRow, 'register' | 'stats' | 'wordCount'>>> {
  return db
    .select({ register: studioNotes.register, stats: studioNotes.stats, wordCount: studioNotes.wordCount })
    .from(studioNotes)
    .where(
      and(
        eq(studioNotes.ownerEmail, owner),
        eq(studioNotes.status, 'ready'),
        isNotNull(studioNotes.stats),
        ...(without.length ? [sql`not (${studioNotes.id} = any(${uuids(without)}))`] : []),
      ),
    );
}

/**
 * What the Ideas are computed from, in one small row: the ready notes' count, their newest change
 * (titles included) and the profile's change counter; equal fingerprints give equal Ideas.
 */
export async function ideasFingerprint(db: DbOrTx, owner: string): Promise<string> {
  const result = await db.execute<{ n: number; latest: string | null; version: number | null }>(sql`
    select count(*)::int as n, max(updated_at)::text as latest,
           (select notes_version from studio_voice_settings where owner_email = ${owner}) as version
      from studio_notes where owner_email = ${owner} and status = 'ready'`);
  const row = result.rows[0];
  return `${row?.n ?? 0}|${row?.latest ?? ''}|${row?.version ?? 0}`;
}

/**
 * What ideas are found in: the key phrases of every ready note of the owner, but a conversation
 * whose owner has not said which speaker is them (decision 023).
 */
export async function readyNotePhrases(
  db: DbOrTx,
  owner: string,
): Promise<Array<Pick<NoteRow, 'id' | 'title' | 'createdAt' | 'keyPhrases'>>> {
  return db
    .select({
      id: studioNotes.id,
      title: studioNotes.title,
      createdAt: studioNotes.createdAt,
      keyPhrases: studioNotes.keyPhrases,
    })
    .from(studioNotes)
    .where(
      and(
        eq(studioNotes.ownerEmail, owner),
        eq(studioNotes.status, 'ready'),
        sql`(not exists (select 1 from studio_note_speakers sp where sp.note_id = studio_notes.id)
             or exists (select 1 from studio_note_speakers sp where sp.note_id = studio_notes.id and sp.is_me))`,
      ),
    )
    .orderBy(desc(studioNotes.createdAt));
}
