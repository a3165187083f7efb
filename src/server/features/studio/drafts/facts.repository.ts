import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNoteSentences, studioNoteSpeakers } from '../../../db/schema/studio.ts';

/** The SQL of a draft's fact checklist: who said a sentence put back. */

/** Who said a sentence: null in a solo note (the owner's words), else the speaker's name and whether it is the owner. */
export async function speakerOfSentence(
  db: DbOrTx,
  sentenceId: string,
): Promise<{ name: string; me: boolean } | null> {
  const [row] = await db
    .select({ name: studioNoteSpeakers.name, me: studioNoteSpeakers.isMe })
    .from(studioNoteSentences)
    .innerJoin(studioNoteSpeakers, eq(studioNoteSpeakers.id, studioNoteSentences.speakerId))
    .where(eq(studioNoteSentences.id, sentenceId))
    .limit(1);
  return row ?? null;
}
