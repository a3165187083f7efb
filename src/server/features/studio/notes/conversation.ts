import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context.ts';
import { wordsWithin } from '../../transcription/index.ts';
import { type Analysis, analyseOffThread, cleanText } from '../engine/index.ts';
import { type OwnAnalysis, ownAnalysis } from './speakers.ts';
import type { EditableSpeaker } from './speakers-edit.ts';
import { findVoiceSettings } from './voice.repository.ts';

/**
 * A note made of speaker turns (decision 023), whichever source named the speakers: an imported
 * transcript's `Name:` lines or captions, a speech-to-text server's diarized segments, or one
 * file per speaker interleaved by time. One path from turns to what a conversation note stores:
 * its text (a turn per paragraph, so no sentence spans two turns), its speakers (a name the owner
 * said was them before is them again), each sentence's speaker, and the owner's words analysed
 * alone for the profile.
 */

/** One speaker's turn: `label` as found (null: nobody named), its words, and its timed cues when known. */
export interface SpokenTurn {
  label: string | null;
  text: string;
  cues: Array<{
    startMs: number;
    endMs: number;
    text: string;
    words?: Array<{ text: string; startMs: number; endMs: number }>;
  }>;
}

/** A name as the owner would write it: "PRIYA PATEL" is Priya Patel; any other label as found. */
export const displayName = (label: string): string =>
  /\p{Ll}/u.test(label) || !/\p{L}/u.test(label)
    ? label
    : label
        .toLowerCase()
        .replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** Who an unnamed turn is (words before the first name, a caption line with none). */
const UNNAMED_SPEAKER = 'Unknown speaker';

export const titleOfConversation = (names: string[]) =>
  `Conversation: ${names.length <= 3 ? names.join(', ').replace(/, ([^,]*)$/, ' and $1') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} others`}`;

/**
 * The turns as a note's text: one paragraph each, cleaned; where each turn starts in it. With
 * `maxChars`, the joining stops at the first turn that takes the text past it (what the caller then
 * refuses as too long), so a transcript many times the limit is not cleaned whole first.
 */
export function joinTurns(
  turns: SpokenTurn[],
  maxChars = Number.POSITIVE_INFINITY,
): { text: string; starts: number[]; turns: SpokenTurn[] } {
  const cleaned: SpokenTurn[] = [];
  let text = '';
  const starts: number[] = [];
  for (const turn of turns) {
    if (text.length > maxChars) break;
    const each = { ...turn, text: cleanText(turn.text) };
    cleaned.push(each);
    if (text) text += '\n\n';
    starts.push(text.length);
    text += each.text;
  }
  return { text, starts, turns: cleaned };
}

export interface SpokenNote {
  speakers: EditableSpeaker[];
  analysis: Analysis;
  /** The analysis's sentences, each with its turn's speaker (null in a solo note) and word times. */
  sentences: Array<Analysis['sentences'][number] & { speakerId: string | null }>;
  /** What the note's stats and key phrases are: the owner's words alone in a conversation. */
  own: OwnAnalysis;
  /** The speakers' names, in order (for a title). */
  names: string[];
}

/**
 * Speakers and sentences of joined turns: a conversation when `labels` names two or more speakers
 * (turns without a label then belong to an "Unknown speaker"), else the owner's own words; with
 * `alwaysSpeakers` a single label is a speaker too (one track of a conversation left: it may be a
 * guest's, so it is not taken for the owner's words).
 */
export async function speakTurns(
  ctx: Pick<AppContext, 'config' | 'database'>,
  owner: string,
  joined: ReturnType<typeof joinTurns>,
  labels: string[],
  alwaysSpeakers = false,
): Promise<SpokenNote> {
  const conversation = labels.length >= 2 || (alwaysSpeakers && labels.length === 1);
  const { text, starts, turns } = joined;
  const settings = conversation ? await findVoiceSettings(ctx.database.db, owner) : undefined;
  const mine = new Set((settings?.myNames ?? []).map((n) => n.toLowerCase()));
  const speakers: EditableSpeaker[] = [];
  const idOf = new Map<string | null, string>();
  let me = false;
  for (const label of conversation
    ? [...labels, ...(turns.some((t) => t.label === null) ? [null] : [])]
    : []) {
    const name = label === null ? UNNAMED_SPEAKER : displayName(label);
    // A name the owner said was them before is them again (they can say otherwise on the note).
    const isMe: boolean =
      !me && label !== null && (mine.has(label.toLowerCase()) || mine.has(name.toLowerCase()));
    me ||= isMe;
    const speaker = { id: randomUUID(), position: speakers.length, label: label ?? '', name, me: isMe };
    speakers.push(speaker);
    idOf.set(label, speaker.id);
  }
  const segments = turns.every((t) => t.cues.length) ? turns.flatMap((t) => t.cues) : undefined;
  const [analysis] = await analyseOffThread(ctx.config.studio.analysis, [
    { text, register: 'spoken', segments },
  ]);
  if (!analysis) throw new Error('Text analysis answered nothing');
  // Each sentence is in the turn it starts in (turns are paragraphs: no sentence spans two); its
  // word times are its own turn's (another speaker's words may overlap it in time).
  let turn = 0;
  const sentences = analysis.sentences.map((s) => {
    while (turn + 1 < starts.length && starts[turn + 1]! <= s.startChar) turn++;
    const own = turns[turn]!;
    const words =
      typeof s.startMs === 'number' && typeof s.endMs === 'number'
        ? wordsWithin(own.cues, s.startMs, s.endMs)
        : [];
    return {
      ...s,
      ...(words.length ? { words } : {}),
      speakerId: conversation ? (idOf.get(own.label) ?? null) : null,
    };
  });
  const own = conversation
    ? await ownAnalysis(ctx, 'spoken', {
        speakers,
        sentences: sentences.map((s) => ({ id: String(s.position), text: s.text, speakerId: s.speakerId })),
      })
    : { stats: analysis.stats, keyPhrases: analysis.keyPhrases };
  return { speakers, analysis, sentences, own, names: speakers.filter((s) => s.label).map((s) => s.name) };
}

/**
 * Timed segments labelled by speaker as turns: consecutive segments of one speaker are one turn.
 * `labels` in order of first turn; past `maxSpeakers` labels, a segment's speaker is unknown.
 */
export function turnsOfSegments(
  segments: ReadonlyArray<SpokenTurn['cues'][number] & { speaker?: string | null }>,
  maxSpeakers: number,
): { turns: SpokenTurn[]; labels: string[] } {
  const turns: SpokenTurn[] = [];
  const labels: string[] = [];
  for (const segment of segments) {
    let label = segment.speaker?.trim() || null;
    if (label !== null && !labels.includes(label)) {
      if (labels.length < maxSpeakers) labels.push(label);
      else label = null;
    }
    const { speaker: _speaker, ...cue } = segment;
    const last = turns.at(-1);
    if (last && last.label === label) {
      last.text += ` ${cue.text.trim()}`;
      last.cues.push(cue);
    } else turns.push({ label, text: cue.text.trim(), cues: [cue] });
  }
  return { turns, labels };
}
