/**
 * Conversations for the engine's tests and for reading every draft whole (scripts): who says each
 * turn, in order, timed at ~2.6 words a second. `me` is the owner's speaker; the others' words may
 * appear in a draft only as attributed quotes.
 */
import type { SourceNote } from '../extractive/index.ts';
import { splitSentences } from '../text/index.ts';

export interface Conversation {
  name: string;
  me: string;
  turns: Array<[speaker: string, text: string]>;
}

/** A podcast interview: the host (the owner) asks, the guest answers in the first person. */
export const INTERVIEW: Conversation = {
  name: 'interview',
  me: 'Sam',
  turns: [
    ['Sam', 'Welcome back to the show. Today I am talking with Priya, who runs three coffee shops in Leeds.'],
    ['Priya', 'Thanks for having me, Sam. It is good to be here.'],
    ['Sam', 'How did you get started?'],
    [
      'Priya',
      'I was a project manager for eleven years and I hated the commute. Every Saturday I queued for coffee at the same market stall. The queue was forty people long by nine in the morning. I knew there was demand for Saturday coffee that nobody was serving.',
    ],
    ['Sam', 'What was the hardest part of the first shop?'],
    [
      'Priya',
      'Hiring. I hired friends first and that was a mistake. Friends do not tell you when the espresso is bad. Now I hire people who have worked a Saturday rush before, and I pay them twenty percent above the local rate.',
    ],
    ['Sam', 'Does paying more really make a difference?'],
    [
      'Priya',
      'It changed everything. Our staff turnover went from six people a year to one. The regulars know the baristas by name, and that is the whole business.',
    ],
    ['Sam', 'What would you tell someone opening their first cafe?'],
    [
      'Priya',
      'Open on the day your customers already go out. Stand in the queue you want to serve and count it. And never hire someone because they are nice to you.',
    ],
    [
      'Sam',
      'That is a great place to stop. If you run a small shop, send me your hiring story, I read every one.',
    ],
  ],
};

/** A coaching call: the coach (the owner) talks at length; the client speaks in the first person. */
export const COACHING: Conversation = {
  name: 'coaching call',
  me: 'Dana',
  turns: [
    ['Dana', 'So Marcus, last time you said your team keeps missing deadlines. Where are we with that?'],
    [
      'Marcus',
      'Honestly it got worse. I said yes to three new projects this month and I am working until ten every night. I feel like I cannot say no to my director.',
    ],
    [
      'Dana',
      'Let me push back on that a little. Saying yes to everything is not generosity, it is a way of avoiding a hard conversation. Every yes you give your director is a no you give your team. I see this with almost every new manager I coach. The fix is not working longer, it is making the trade visible.',
    ],
    ['Marcus', 'What does that look like in practice?'],
    [
      'Dana',
      'Next time your director asks for something, you answer with a question. Which of these three projects should slip so we can take this on? You are not refusing. You are showing the cost. Most directors have never seen the cost because nobody shows it to them.',
    ],
    [
      'Marcus',
      'I tried something like that once and my director said just find a way. I felt like I had failed the test.',
    ],
    [
      'Dana',
      'That answer is information, not a verdict. Write down what you were asked, what you said, and what slipped. After four weeks you have a record, and a record is much harder to argue with than a feeling. Managers who keep that record get their priorities changed within two months.',
    ],
    ['Marcus', 'Okay. I will start the record this week and bring it next time.'],
    [
      'Dana',
      'Good. One more thing. Block two hours every morning for the work only you can do, and guard it like a meeting with your director. If you are a new manager reading this, try the trade question this week and tell me what happened.',
    ],
  ],
};

/** A host with two guests: each guest answers in the first person; the host (the owner) asks. */
export const PANEL: Conversation = {
  name: 'host with two guests',
  me: 'Sam',
  turns: [
    [
      'Sam',
      'Welcome to the show. I have two guests today: Priya, who runs coffee shops in Leeds, and Dev, who runs a bakery in Bristol.',
    ],
    ['Priya', 'Hi Sam, thanks for having us.'],
    ['Dev', 'Great to be here.'],
    ['Sam', 'Dev, how do you decide what to bake each morning?'],
    [
      'Dev',
      'I bake from last week’s numbers, not from my mood. Every evening I write down what sold out and what was left. I throw away less than five percent of what we bake now, down from almost a third when we opened.',
    ],
    ['Sam', 'Priya, do you plan your stock the same way?'],
    [
      'Priya',
      'Mostly, but coffee keeps longer than bread, so my problem is the opposite. I used to run out of milk by eleven on Saturdays. Now the dairy delivers twice on Saturdays and we never run out.',
    ],
    ['Sam', 'Let us talk about money. How do you set your prices?'],
    [
      'Dev',
      'I raised my prices twice last year and lost almost nobody. People do not come to a bakery for the cheapest loaf. They come because they know the person behind the counter.',
    ],
    [
      'Priya',
      'I price by the cup, not by the cost of the beans. A flat white at our shop is three pounds eighty, and nobody has ever complained about the price. They complain when the queue is slow.',
    ],
    ['Sam', 'What is the one thing you wish you had known at the start?'],
    [
      'Dev',
      'That the oven is not the business, the mornings are. Getting up at four every day for six years is the real cost of a bakery, and nobody tells you that.',
    ],
    [
      'Priya',
      'Hire for the Saturday rush, not for the quiet Tuesday. The people who stay calm at nine on a Saturday are the ones who make the shop.',
    ],
    ['Sam', 'Thank you both. If you run a small food business, tell me which of these you will try first.'],
  ],
};

export const CONVERSATIONS: readonly Conversation[] = [INTERVIEW, COACHING, PANEL];

/**
 * The conversation as a source note: each turn's sentences with who said them, timed at 2.6 words a
 * second with a short pause between turns; `timed` false leaves times out (a pasted transcript).
 * `me` overrides the owner's speaker (`null`: nobody is marked as the owner).
 */
export function conversationNote(
  conversation: Conversation,
  { timed = true, me = conversation.me }: { timed?: boolean; me?: string | null } = {},
): SourceNote {
  let at = 0;
  let n = 0;
  const sentences: SourceNote['sentences'] = [];
  for (const [speaker, text] of conversation.turns) {
    for (const sentence of splitSentences(text)) {
      const ms = Math.round((sentence.text.split(/\s+/).length / 2.6) * 1000);
      sentences.push({
        ...sentence,
        id: `s${++n}`,
        speaker: { name: speaker, me: speaker === me },
        ...(timed ? { startMs: at, endMs: at + ms } : {}),
      });
      at += ms + 200;
    }
    at += 600;
  }
  return { id: `conversation-${conversation.name.replace(/\s+/g, '-')}`, sentences };
}
