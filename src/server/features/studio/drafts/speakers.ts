import type { SourceSentenceRow, SourceSpeakerRow } from './repository.ts';

/**
 * Whom a conversation note's drafts speak as. The speaker the owner marked "this is me"; until they
 * answer "which one is you?", Echo's guess: a speaker with a name the owner said was theirs before
 * (`my_names`), else the first to speak. The drafts say who they speak as, and whether the owner
 * confirmed it, in their `conversation` meta.
 */

export interface SpeakingAs {
  /** The owner's speaker id by note (conversation notes only). */
  meOf: Map<string, string>;
  /** Display name the drafts speak as (the first conversation note's), null for solo notes. */
  name: string | null;
  /** Every conversation note has its "this is me" answered. */
  confirmed: boolean;
  /** Notes with speakers. */
  conversations: Set<string>;
}

export function speakingAs(speakers: readonly SourceSpeakerRow[], myNames: readonly string[]): SpeakingAs {
  const mine = new Set(myNames.map((n) => n.trim().toLowerCase()));
  const byNote = new Map<string, SourceSpeakerRow[]>();
  for (const speaker of speakers)
    byNote.set(speaker.noteId, [...(byNote.get(speaker.noteId) ?? []), speaker]);
  const meOf = new Map<string, string>();
  let name: string | null = null;
  let confirmed = true;
  for (const [noteId, list] of byNote) {
    const sorted = [...list].sort((a, b) => a.position - b.position);
    const marked = sorted.find((s) => s.isMe);
    if (!marked) confirmed = false;
    const me = marked ?? sorted.find((s) => mine.has(s.name.trim().toLowerCase())) ?? sorted[0]!;
    meOf.set(noteId, me.id);
    name ??= me.name;
  }
  return { meOf, name, confirmed: byNote.size > 0 && confirmed, conversations: new Set(byNote.keys()) };
}

/**
 * Who said a sentence, as the engine reads it: absent in a solo note (the owner's words); in a
 * conversation, the speaker's name and whether it is the owner. A sentence of a conversation left
 * without a speaker is nobody's to quote and never the owner's.
 */
export function engineSpeakerOf(
  sentence: Pick<SourceSentenceRow, 'noteId' | 'speakerId' | 'speakerName'>,
  as: SpeakingAs,
): { name: string; me: boolean } | undefined {
  if (!as.conversations.has(sentence.noteId)) return undefined;
  if (!sentence.speakerId) return { name: '', me: false };
  return { name: sentence.speakerName ?? '', me: as.meOf.get(sentence.noteId) === sentence.speakerId };
}

/** Whether a sentence is the owner's own words (a solo note's, or their turn in a conversation). */
export const isOwners = (
  sentence: Pick<SourceSentenceRow, 'noteId' | 'speakerId' | 'speakerName'>,
  as: SpeakingAs,
): boolean => engineSpeakerOf(sentence, as)?.me ?? true;
