/**
 * The library of short-video formats the template engine recognises (template-engine.ts): how to
 * spot each one, its beats, and twists that keep the format and change the angle.
 */

export interface Beat {
  name: string;
  /** Share of the video's length. */
  weight: number;
  text: string;
}

export interface VideoFormat {
  id: string;
  name: string;
  /** Matched against lower-cased text and hashtags; a hit on a hashtag counts double. */
  keywords: string[];
  beats: Beat[];
  /** Twists that keep this format; `{topic}` is replaced with the video's topic. */
  twists: string[];
}

export const VIDEO_FORMATS: VideoFormat[] = [
  {
    id: 'pov',
    name: 'POV',
    keywords: ['pov', 'point of view', 'when you', 'that moment when'],
    beats: [
      {
        name: 'Hook',
        weight: 0.15,
        text: 'On-screen text sets the scene: "POV: {topic}"; look straight into the camera.',
      },
      {
        name: 'Setup',
        weight: 0.35,
        text: "Act out the situation from the viewer's side; one relatable detail per cut.",
      },
      { name: 'Payoff', weight: 0.35, text: 'The reaction or punchline everyone who lived it recognises.' },
      {
        name: 'Call to action',
        weight: 0.15,
        text: 'Ask "Tag someone who does this" while holding the final expression.',
      },
    ],
    twists: [
      'POV from the other side: play the person usually on the receiving end of {topic}',
      'POV set ten years in the future, looking back at {topic}',
      'POV in your own niche: how {topic} plays out with your clients or audience',
      'POV where the expected ending flips and you are the one who gets surprised',
      'POV narrated only with on-screen text and no dialogue, timed to the beat',
      'POV of a complete beginner meeting {topic} for the first time',
      'POV told by an object in the room that witnesses {topic}',
    ],
  },
  {
    id: 'list',
    name: 'List / countdown',
    keywords: [
      'top 3',
      'top 5',
      'top 10',
      'things',
      'reasons',
      'ways to',
      'tips',
      'countdown',
      'ranking',
      'ranked',
    ],
    beats: [
      {
        name: 'Hook',
        weight: 0.12,
        text: 'Promise the list in the first line, with the count on screen: "{topic}".',
      },
      { name: 'Setup', weight: 0.18, text: 'Start with the weakest item so viewers stay for the best one.' },
      {
        name: 'Payoff',
        weight: 0.55,
        text: 'One quick cut per item, each with a bold on-screen number; save the strongest for last.',
      },
      { name: 'Call to action', weight: 0.15, text: 'Ask viewers which one they would add in the comments.' },
    ],
    twists: [
      'Reverse the countdown: start with the best item about {topic} and dare viewers to disagree',
      'A list of mistakes instead of tips: what to avoid with {topic}',
      'Let your comments pick the list: rank the top answers from your audience about {topic}',
      'One list, three budgets: cheap, mid and splurge versions of {topic}',
      'A list where the last item is a plot twist that breaks the pattern',
      'Rank {topic} tier-list style, with a physical board on camera',
      'The list as told by an expert and a beginner, alternating items',
    ],
  },
  {
    id: 'before-after',
    name: 'Before / after',
    keywords: [
      'before and after',
      'before after',
      'before/after',
      'glow up',
      'glowup',
      'makeover',
      'results',
    ],
    beats: [
      {
        name: 'Hook',
        weight: 0.15,
        text: 'Flash the after shot for a split second, then cut back to "before".',
      },
      { name: 'Setup', weight: 0.3, text: 'Show the before state of {topic} honestly; name the problem.' },
      { name: 'Payoff', weight: 0.4, text: 'Reveal the after on the beat drop with a matched camera angle.' },
      { name: 'Call to action', weight: 0.15, text: 'Invite viewers to follow for the full process.' },
    ],
    twists: [
      'Before/after of your own work process instead of a look: how you handled {topic} a year ago vs now',
      'A fake-out: the "after" is worse, then the real after lands',
      'Before/after with a tiny budget, listing the cost on screen',
      'Let viewers vote on the after in the comments before you reveal it',
      'Before/after in one continuous shot with no cuts',
      'Before/after of a mindset about {topic}, shown through two contrasting days',
    ],
  },
  {
    id: 'tutorial',
    name: 'Tutorial steps',
    keywords: ['how to', 'tutorial', 'step by step', 'steps', 'guide', 'learn', 'hack', 'diy', 'recipe'],
    beats: [
      {
        name: 'Hook',
        weight: 0.12,
        text: 'Show the finished result of {topic} first and say how long it takes.',
      },
      { name: 'Setup', weight: 0.18, text: 'List what you need on screen in one shot.' },
      {
        name: 'Payoff',
        weight: 0.55,
        text: 'Numbered steps, one cut each, with the key detail called out in text.',
      },
      {
        name: 'Call to action',
        weight: 0.15,
        text: 'Tell viewers to save it for later and try it themselves.',
      },
    ],
    twists: [
      'The same tutorial in half the time: a speed-run of {topic}',
      'Tutorial for people who have failed at {topic} before: start from the common mistake',
      'Teach {topic} using only things everyone already has at home or on their phone',
      'A tutorial where a beginner follows your instructions live and you react',
      'Explain the why behind each step of {topic}, not only the how',
      'Tutorial in reverse: start from the result and undo each step',
    ],
  },
  {
    id: 'storytime',
    name: 'Storytime',
    keywords: [
      'storytime',
      'story time',
      'story',
      'this happened',
      'so this happened',
      'let me tell you',
      'true story',
    ],
    beats: [
      { name: 'Hook', weight: 0.12, text: 'Open with the most surprising line of the story about {topic}.' },
      { name: 'Setup', weight: 0.38, text: 'Rewind: who, where and what you expected to happen.' },
      { name: 'Payoff', weight: 0.35, text: 'The turn of events, with a pause before the punchline.' },
      { name: 'Call to action', weight: 0.15, text: 'Tease part 2 or ask viewers for their own version.' },
    ],
    twists: [
      "Tell the same story from the other person's point of view",
      'A storytime about {topic} told entirely in on-screen captions over B-roll',
      'A storytime with a lesson for your audience at the end, tied to your niche',
      'Let commenters guess the ending before you post part 2',
      'Tell the story while doing something unrelated, like cooking or getting ready',
      'A storytime where every cut is a new location that fits the plot',
    ],
  },
  {
    id: 'grwm',
    name: 'Get ready with me',
    keywords: ['grwm', 'get ready with me', 'getting ready', 'morning routine', 'routine'],
    beats: [
      { name: 'Hook', weight: 0.12, text: 'Start mid-routine with a question or confession about {topic}.' },
      { name: 'Setup', weight: 0.3, text: 'Steps of the routine in quick cuts while you talk.' },
      { name: 'Payoff', weight: 0.43, text: 'Land the point of the chat as the final look comes together.' },
      { name: 'Call to action', weight: 0.15, text: 'Ask viewers what you should talk about next time.' },
    ],
    twists: [
      'Get ready with me for a big moment in your work, talking through {topic}',
      'GRWM while answering the most common question your audience asks about {topic}',
      'A get-ready-with-me on a zero budget, listing what each step cost',
      'GRWM where the routine is a metaphor for your process on {topic}',
      'Get ready with me with a guest who has a completely different routine',
      'A silent GRWM with the story told in captions',
    ],
  },
  {
    id: 'reaction',
    name: 'Reaction',
    keywords: ['reaction', 'reacting', 'react', 'reacts', 'duet', 'stitch', 'watch this'],
    beats: [
      {
        name: 'Hook',
        weight: 0.12,
        text: 'Your face before the clip plays, with a one-line stake about {topic}.',
      },
      {
        name: 'Setup',
        weight: 0.33,
        text: 'Play the original in a corner or split screen; pause at the key moment.',
      },
      { name: 'Payoff', weight: 0.4, text: 'Your honest reaction plus the one insight only you can add.' },
      { name: 'Call to action', weight: 0.15, text: 'Ask viewers whether they agree.' },
    ],
    twists: [
      'React as an expert in your field and correct or confirm what the clip says about {topic}',
      'React to your own old content about {topic}',
      'A reaction where you predict what happens next before each reveal',
      'React with someone who has never seen anything about {topic}',
      'Rate the clip on three criteria shown on screen',
      'A silent reaction: only facial expressions and captions',
    ],
  },
  {
    id: 'challenge',
    name: 'Challenge',
    keywords: ['challenge', 'try this', 'can you', 'i tried', 'attempt', '24 hours', '30 days'],
    beats: [
      { name: 'Hook', weight: 0.12, text: 'State the rules of the challenge and the stakes in one line.' },
      { name: 'Setup', weight: 0.28, text: 'Show the first attempt at {topic}, including the struggle.' },
      { name: 'Payoff', weight: 0.45, text: 'The result, success or fail, on the beat drop.' },
      { name: 'Call to action', weight: 0.15, text: 'Challenge viewers to try it and tag you.' },
    ],
    twists: [
      'The challenge with a constraint from your niche added on top of {topic}',
      'Do the challenge with a friend or colleague and compare results side by side',
      'A beginner vs expert version of the {topic} challenge',
      'Do the challenge with your eyes closed or one hand',
      'Let your comments set the next rule of the challenge',
      'A 30-day version: day 1 vs day 30 of {topic}',
    ],
  },
  {
    id: 'myth-busting',
    name: 'Myth-busting',
    keywords: [
      'myth',
      'myths',
      'fact',
      'facts',
      'truth',
      'debunk',
      'misconception',
      'lie',
      'actually',
      'stop doing',
    ],
    beats: [
      {
        name: 'Hook',
        weight: 0.12,
        text: 'Say the myth about {topic} out loud with a big red "MYTH" on screen.',
      },
      { name: 'Setup', weight: 0.28, text: 'Why people believe it: the reasonable-sounding part.' },
      {
        name: 'Payoff',
        weight: 0.45,
        text: 'The truth with one piece of proof (a demo, a number, a source).',
      },
      { name: 'Call to action', weight: 0.15, text: 'Ask viewers which myth they want busted next.' },
    ],
    twists: [
      'Bust a myth your own industry still believes about {topic}',
      'Myth or fact quiz: pause before each answer so viewers can guess',
      'A myth you used to believe yourself, and what changed your mind',
      'Bust the myth with a live experiment on camera',
      'Three myths in one video, the last one the most surprising',
      'Let an expert guest do the busting while you play the believer',
    ],
  },
  {
    id: 'day-in-the-life',
    name: 'Day in the life',
    keywords: [
      'day in the life',
      'dayinthelife',
      'a day in my life',
      'ditl',
      'vlog',
      'come with me',
      'spend the day',
    ],
    beats: [
      { name: 'Hook', weight: 0.12, text: 'Timestamp on screen and a reason to watch: "a day of {topic}".' },
      { name: 'Setup', weight: 0.3, text: 'Morning to evening in one-second clips with times on screen.' },
      { name: 'Payoff', weight: 0.43, text: 'Linger on the one moment that makes this day different.' },
      { name: 'Call to action', weight: 0.15, text: 'Ask what viewers want to see more of.' },
    ],
    twists: [
      'A day in the life of your customer or audience member dealing with {topic}',
      'An honest day in the life: the unglamorous parts of {topic} too',
      'Day in the life in 10 seconds: one clip per hour',
      'A day in the life from the point of view of your pet, phone or workspace',
      'Day in the life with a running counter (money spent, steps, coffees)',
      'Day in the life of you five years ago vs today',
    ],
  },
  {
    id: 'wait-for-it',
    name: '"Wait for it" reveal',
    keywords: [
      'wait for it',
      'waitforit',
      'wait till the end',
      'watch till the end',
      'plot twist',
      'reveal',
      'surprise',
      'unexpected',
    ],
    beats: [
      { name: 'Hook', weight: 0.15, text: '"Wait for it" on screen while {topic} builds up.' },
      { name: 'Setup', weight: 0.45, text: 'Build tension: slow zoom, rising audio, viewers guessing.' },
      { name: 'Payoff', weight: 0.25, text: 'The reveal lands exactly on the beat drop.' },
      {
        name: 'Call to action',
        weight: 0.15,
        text: 'Ask "Did you see that coming?" to invite comments and rewatches.',
      },
    ],
    twists: [
      'A double fake-out: the first reveal is not the real one',
      'Wait-for-it where the reveal is a useful tip about {topic} instead of a joke',
      'Reveal something about your work or product that surprises your audience',
      'Build up to a normal ending and make the plot twist the caption',
      'A wait-for-it filmed from two angles, the second showing what really happened',
      'Let viewers guess the reveal in the comments, then pin the first right answer',
    ],
  },
  {
    id: 'transformation',
    name: 'Transformation',
    keywords: [
      'transformation',
      'transform',
      'progress',
      'journey',
      'weight loss',
      'renovation',
      'then vs now',
      'evolution',
    ],
    beats: [
      {
        name: 'Hook',
        weight: 0.12,
        text: 'Start at the lowest point of the {topic} journey, with a date on screen.',
      },
      { name: 'Setup', weight: 0.33, text: 'Milestones in chronological cuts, each with a date.' },
      { name: 'Payoff', weight: 0.4, text: 'The final state on the beat drop, held for two seconds.' },
      {
        name: 'Call to action',
        weight: 0.15,
        text: 'Share the one thing that made the difference and invite questions.',
      },
    ],
    twists: [
      'The transformation of your business, skill or audience instead of your looks',
      'A transformation with the setbacks left in, not only the wins',
      'Transform something for a viewer chosen from the comments',
      'Time-lapse transformation of {topic} in one continuous take',
      'The transformation told backwards, from today to day one',
      'Side-by-side transformation of you and a friend on the same journey',
    ],
  },
  {
    id: 'talking-head',
    name: 'Talking-head tip',
    keywords: ['tip', 'advice', 'why', 'you need', 'you should', 'secret', 'mistake', "here's"],
    beats: [
      {
        name: 'Hook',
        weight: 0.12,
        text: 'One bold claim about {topic} in the first second, straight to camera.',
      },
      { name: 'Setup', weight: 0.3, text: 'Why it matters, with one example from real life.' },
      { name: 'Payoff', weight: 0.43, text: 'The actionable tip, repeated as on-screen text.' },
      { name: 'Call to action', weight: 0.15, text: 'Ask viewers to follow for one tip like this a day.' },
    ],
    twists: [
      'The opposite tip: argue against the popular advice on {topic}',
      'One tip, three levels: beginner, intermediate and pro',
      'A tip you learned the hard way, with the failure shown',
      'Deliver the tip while walking somewhere that fits the topic',
      'Answer a real comment about {topic} as a reply video',
      'A tip in exactly 7 seconds with captions timed word by word',
    ],
  },
  {
    id: 'comedy-skit',
    name: 'Comedy skit',
    keywords: ['skit', 'comedy', 'funny', 'prank', 'lol', 'meme', 'joke', 'relatable'],
    beats: [
      { name: 'Hook', weight: 0.15, text: 'Drop into the middle of an awkward situation about {topic}.' },
      { name: 'Setup', weight: 0.35, text: 'Two characters (both you) with clear costumes or captions.' },
      { name: 'Payoff', weight: 0.35, text: 'The punchline, then one beat of silence.' },
      { name: 'Call to action', weight: 0.15, text: 'Ask "Which one are you?" to start the comments.' },
    ],
    twists: [
      "The same skit set in your industry, with your audience's inside jokes about {topic}",
      'Play every character in the skit with one-prop costume changes',
      'A skit where the punchline is a genuinely useful tip',
      'Swap the usual roles so the expected winner of the joke loses',
      'A skit with a part 2 the comments have to ask for',
      'Turn a real customer conversation about {topic} into a skit',
    ],
  },
];

/** Angles that fit any format; used once the format's own twists are on the trend. */
export const GENERAL_ANGLES = [
  'for complete beginners',
  'for your exact niche and audience',
  'on a tiny budget',
  'filmed in one continuous take',
  'with a surprising guest',
  'told through on-screen text only',
  'set in an unexpected location',
  'as a two-part series',
  'with data or a number on screen',
  'answering a real comment',
  'with a behind-the-scenes ending',
  'in slow motion for the key moment',
];
