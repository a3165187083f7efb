import type { RegisterProfile as ApiRegisterProfile } from '#contract/studio-voice.ts';
import { FW, type RegisterProfile, type VoiceProfile } from '../engine/index.ts';

const round = (value: number, digits = 4) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** The readable part of one register's profile as the API shows it (no hashed n-gram vector). */
export function toApiRegister(profile: RegisterProfile): ApiRegisterProfile {
  const functionWords: Record<string, number> = {};
  profile.functionWords.forEach((value, i) => {
    const word = FW[i];
    if (word !== undefined && value > 0) functionWords[word] = round(value, 6);
  });
  const { habits } = profile;
  return {
    notes: profile.notes,
    words: profile.words,
    sentences: profile.sentences,
    sentence_length: {
      mean: round(profile.sentenceLength.mean, 2),
      median: round(profile.sentenceLength.median, 2),
      bins: [...profile.sentenceLength.bins],
      histogram: profile.sentenceLength.histogram.map((v) => round(v)),
      typical: profile.sentenceLength.typical.map((v) => round(v)),
    },
    words_per_paragraph: round(profile.wordsPerParagraph, 2),
    function_words: functionWords,
    signature_phrases: profile.signaturePhrases.map((p) => ({
      phrase: p.phrase,
      count: p.count,
      notes: p.notes,
      ratio: round(p.ratio, 2),
    })),
    habits: {
      openers: habits.openers.map((o) => ({ text: o.text, share: round(o.share) })),
      closers: habits.closers.map((c) => ({ text: c.text, share: round(c.share) })),
      question_rate: round(habits.questionRate),
      exclamation_rate: round(habits.exclamationRate),
      emoji_per_100_words: round(habits.emojiPer100Words, 2),
      hashtags_per_100_words: round(habits.hashtagsPer100Words, 2),
      first_person_rate: round(habits.firstPersonRate),
      readability_grade: round(habits.readabilityGrade, 1),
    },
    buzzwords: { ...profile.buzzwords },
  };
}

/** The stored profile JSON (the engine's VoiceProfile) as the two API registers. */
export function toApiProfile(stored: unknown): {
  spoken: ApiRegisterProfile | null;
  written: ApiRegisterProfile | null;
} {
  const profile = stored as VoiceProfile | null | undefined;
  if (profile?.version !== 1) return { spoken: null, written: null };
  return {
    spoken: profile.spoken ? toApiRegister(profile.spoken) : null,
    written: profile.written ? toApiRegister(profile.written) : null,
  };
}
