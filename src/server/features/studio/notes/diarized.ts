import { CONVERSATION_LIMITS } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import type { MediaSegment } from '../../transcription/index.ts';
import { joinTurns, type SpokenNote, speakTurns, turnsOfSegments } from './conversation.ts';

/**
 * A transcript whose segments carry speakers (a diarizing speech-to-text server's) as a
 * conversation note's text, speakers and sentences, through the one path imported transcripts take
 * (conversation.ts); null when fewer than two speakers are named (the note is the owner's own words,
 * as without diarization).
 */
export async function diarizedNote(
  ctx: Pick<AppContext, 'config' | 'database'>,
  owner: string,
  segments: readonly MediaSegment[],
): Promise<(SpokenNote & { text: string }) | null> {
  if (!segments.some((s) => s.speaker)) return null;
  const { turns, labels } = turnsOfSegments(segments, CONVERSATION_LIMITS.speakersPerNote);
  if (labels.length < 2) return null;
  const joined = joinTurns(turns);
  if (!joined.text.trim()) return null;
  return { ...(await speakTurns(ctx, owner, joined, labels)), text: joined.text };
}
