/**
 * What a sentence does in its note, read from cheap cues (discourse markers, questions,
 * imperatives, numbers, first person, position): sets the scene, turns the story, gives evidence,
 * draws the lesson, asks the reader to act; announces a list, or is an item of one.
 */

export interface Roles {
  /** "I made two mistakes", "three steps", "What we did after that is simple.", "...:" (count, or 1 when unknown). */
  announces: number;
  /** An item of a list: "The first mistake", "Step two", "Second," (its rank). */
  item: number;
  /** An imperative to the reader ("Try it this week", "If you're about to launch, launch..."). */
  imperative: boolean;
  /** Asks the reader to act or answer ("tell me", "let me know", a question to "you"). */
  cta: boolean;
  /** Draws the point: a lesson or a thesis ("the lesson", "what I learned", an imperative near the end). */
  lesson: boolean;
  /** Turns the story ("But", "It didn't.", "They don't.", "That's when"). */
  turn: boolean;
  /** Sets the scene ("I want to share", "Last spring", "This one is for"). */
  setting: boolean;
  /** Points back to something said before ("after that", "It didn't", "They had"). */
  pointsBack: boolean;
}

const COUNT_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  a: 0,
  few: 0,
  couple: 2,
};
const ORDINALS: Record<string, number> = {
  first: 1,
  firstly: 1,
  one: 1,
  '1': 1,
  second: 2,
  secondly: 2,
  two: 2,
  '2': 2,
  third: 3,
  thirdly: 3,
  three: 3,
  '3': 3,
  fourth: 4,
  four: 4,
  '4': 4,
  fifth: 5,
  five: 5,
  '5': 5,
  sixth: 6,
  six: 6,
  seventh: 7,
  seven: 7,
};
const LIST_NOUNS =
  'mistakes|things|steps|lessons|reasons|changes|ways|rules|questions|tips|ideas|problems|parts|options|habits|tricks|principles|points|myths|signs|moves|stages|phases|pillars|takeaways|truths|secrets|decisions|priorities|goals|facts|numbers|people|tools|questions|ingredients|exercises|plans|stretches|drills|tiers|products';
const COUNT_ANNOUNCE = new RegExp(
  `\\b(two|three|four|five|six|seven|\\d)\\s+(?:(?!of\\b|years\\b|months\\b|weeks\\b|days\\b)[\\p{L}'’-]+\\s+)?(?:${LIST_NOUNS})\\b`,
  'iu',
);
const WHAT_WE_DID =
  /^(?:and\s+|so\s+)?(?:here's|here is)\s+(?:the|my|our)\s+(?:plan|deal|list|breakdown|schedule|line-?up)[.:]$|^(?:and\s+|so\s+)?(?:here's|here is|this is)\s+(?:what|how)\s+(?:we|i|you)\b|^(?:and\s+|so\s+)?(?:here's|here is)\s+(?:what|how)\b[^.?!]{0,30}[.:]$|^(?:and\s+|so\s+)?(?:what|here's what)\s+(?:we|i)\s+(?:did|changed|learned|do|tried)\b[^.?!]{0,40}\b(?:is|was)\s+(?:pretty\s+|really\s+|quite\s+)?(?:simple|this|easy)\b/i;
const ITEM =
  /^(?:and\s+|then\s+|so\s+)?(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|firstly|secondly|thirdly)\b|^(?:and\s+)?(?:step|number|tip|rule|lesson|mistake|reason|part|session|week|day|module|stage|phase|round|level|option)\s+(one|two|three|four|five|six|seven|\d)\b|^(?:and\s+)?(one|two|three|four|five|six|seven|\d)\s*[,:.)]\s+(?=\p{L})/iu;
const FINAL_ITEM =
  /^(?:and\s+)?(?:finally\b|(?:the\s+)?(?:last|final)\s+(?:one|thing|step|point|piece|part|mistake|lesson|reason|rule|tip|change|question)\b)/i;
const VERBS =
  'work out|open|try|launch|pick|stop|start|do|make|write|find|ask|tell|share|go|take|build|keep|give|let|remember|think|use|cancel|list|move|focus|get|be|put|read|check|call|book|send|cut|talk|plan|record|post|publish|test|raise|charge|say|stay|learn|look|watch|listen|spend|save|treat|protect|block|skip|drop|choose|decide|set|add|show|run|ship|practise|practice|forget|trust|own|name|measure|track|hire|fire|quit|wait|slow|repeat|join|sign|enrol|enroll|register|subscribe|come|bring|visit|see|grab|download|pick|praise|reward|stop|remember|imagine|notice|choose';
const IMPERATIVE = new RegExp(
  `^(?:so,?\\s+|and\\s+|now,?\\s+|just\\s+|please\\s+)?(?:don't\\s+|do not\\s+|never\\s+|always\\s+)?(?:${VERBS})\\b(?!\\s+(?:to|of|is|was)\\b)`,
  'i',
);
const CONDITIONAL_IMPERATIVE = new RegExp(
  `^(?:so,?\\s+)?(?:if|when|before|whenever|next time)\\s+(?:you|your)\\b[^,]{0,80},\\s*(?:[\\p{L}]+,\\s*)?(?:don't\\s+|never\\s+|always\\s+|just\\s+)?(?:${VERBS})\\b`,
  'iu',
);
const ASKS =
  /\b(?:tell me|let me know|comment|reply|dm me|send me|share (?:it|this|yours)|tag (?:someone|a)|follow|subscribe|write to me|i'd love to hear|what (?:would|do|did) you|link(?:['’]s|\s+is)?\s+in\s+(?:my|the|our)\s+(?:bio|profile|description))\b/i;
const LESSON =
  /\b(?:the lesson|lesson (?:is|was|here)|what i learned|i learned|we learned|the point is|the takeaway|the truth is|the real (?:problem|lesson|reason)|what matters|the trick is|the secret is|here's what i'd|my advice)\b/i;
const TURN =
  /^(?:but|then|that's when|until|and then|turns out|it turns out|instead|except|the problem|the catch|it didn't|they don't|it wasn't|it isn't|nope|wrong)\b/i;
const SHORT_NEGATION = /\b(?:n't|not|no|never)\b/i;
const SETTING =
  /^(?:so,?\s+)?(?:i want to (?:share|tell|talk)|let me (?:tell|share)|this (?:one )?is (?:for|about)|here's (?:a|the) story|a few|last (?:year|month|week|spring|summer|autumn|fall|winter)|when (?:i|we) (?:started|launched|began)|(?:i|we) (?:started|launched|began|recorded|founded|joined|moved))\b/i;
/**
 * Openers that lean on what came before: a pronoun or "then" first, "after that", or an opening time
 * clause whose object is a pronoun ("When we fixed it, ...", "Once I tried that, ...": the outcome of
 * a story told just before, which must not be shown without it, nor it without its outcome).
 */
export const POINTS_BACK_AT_START =
  /^(?:it|it's|that|that's|this|these|those|they|they're|he|she|them|there(?!\s+(?:is|are|was|were)\b|['’]s\b)|which|then|also|too|still|again|so that|after that|the other|the same|both|neither|either)\b|^(?:and\s+|but\s+|so\s+)?(?:when|once|after|since|by the time)\s+(?:i|we|they|you|she|he)\s+(?:\w+\s+){0,2}?(?:it|that|this|them)\b(?!\s+(?:is|was|are|were)\b)|\b(?:after that|because of that|that's why|like i said|as i said)\b/i;

export function rolesOf(text: string, position: number, first: boolean): Roles {
  const words = text.split(/\s+/).filter(Boolean).length;
  const question = /\?["'”’)]*$/.test(text);
  const count = COUNT_ANNOUNCE.exec(text);
  const itemMatch = ITEM.exec(text);
  let announces = 0;
  if (count && !itemMatch && words <= 30)
    announces = COUNT_WORDS[count[1]!.toLowerCase()] ?? Number(count[1]) ?? 1;
  else if (
    !itemMatch &&
    words <= 14 &&
    (WHAT_WE_DID.test(text) ||
      /:\s*$/.test(text) ||
      /\b(?:is|was|are)\s+(?:simple|this|easy|short)[.:]$/i.test(text))
  )
    announces = 1;
  if (Number.isNaN(announces)) announces = 1;
  const item = itemMatch
    ? (ORDINALS[(itemMatch[1] ?? itemMatch[2] ?? itemMatch[3] ?? '').toLowerCase()] ?? 0)
    : FINAL_ITEM.test(text)
      ? 99
      : 0;
  const imperative = !question && (IMPERATIVE.test(text) || CONDITIONAL_IMPERATIVE.test(text));
  const cta = ASKS.test(text) || (question && /\byou\b/i.test(text) && position > 0.6);
  return {
    announces,
    item,
    imperative,
    cta,
    lesson: LESSON.test(text) || (imperative && position >= 0.6),
    turn: TURN.test(text) || (words <= 4 && SHORT_NEGATION.test(text)),
    setting: position < 0.25 && SETTING.test(text),
    pointsBack: !first && POINTS_BACK_AT_START.test(text),
  };
}
