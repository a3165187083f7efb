/**
 * A spoken-style voice note (as a speech-to-text server returns it: punctuated, with fillers,
 * false starts and repeats) for the text engine's tests, and segments timed at ~2.6 words/second.
 */
import type { TranscriptSegment } from '../text/index.ts';

export const TRANSCRIPT = `Okay, so, um, I want to talk about pricing today, because I think most founders get pricing completely wrong. And I did too. For the first two years we charged nine dollars a month for our product, and, you know, it felt safe. It felt like the friendly thing to do.

But here's the thing. Cheap pricing doesn't make customers happier. It makes them less committed. When somebody pays nine dollars, they sign up, they poke around for a day, and then they forget about you. When somebody pays ninety dollars, they show up to the onboarding call. They ask questions. They actually use the thing.

So, uh, last spring we ran an experiment. We raised the price of the the starter plan from nine dollars to forty nine dollars for new customers only. I was, like, honestly terrified. I thought signups would fall off a cliff.

And signups did drop. They dropped by about thirty percent. But revenue went up by more than three times, and churn, which was our biggest problem, churn went down by half. People who pay more stay longer. That was the moment I realised pricing is not a math problem. Pricing is a positioning problem.

Um. Yeah.

The second thing I learned is that your pricing page is a sales conversation. Most pricing pages are a table of features with check marks. Nobody reads that. What people want to know is, is this for me? So we rewrote our pricing page around three kinds of customers: the solo creator, the small team and the agency. Each plan says who it's for in one sentence. Conversion on that page went up by about forty percent in the first month.

I mean, the lesson there is simple. Talk to the person, not the spreadsheet. I was I was trying to be clever with the features list, and clever doesn't sell. Clear sells.

The third thing, and this one took me the longest to learn, is that you should talk to your customers about money early. We used to avoid the topic entirely. We'd do these long discovery calls and never, ever mention price until the very end. And then people were surprised, and surprise kills deals. Now we mention the price in the first five minutes. If it's not a fit, we both save an hour.

So, you know, what would I tell a founder who's just starting out? Charge more than feels comfortable. Write your pricing page for a person. And talk about money early, because the customers who are worth having respect you for it.

Anyway, that's what I've got on pricing. If you've got a pricing story of your own, I'd love to hear it. What's the biggest pricing mistake you've made?`;

/** Splits the transcript into ~12-word segments timed at 2.6 words per second with small pauses. */
export function segmentsOf(text: string, wordsPerSegment = 12): TranscriptSegment[] {
  const words = text.split(/\s+/).filter(Boolean);
  const segments: TranscriptSegment[] = [];
  let ms = 0;
  for (let i = 0; i < words.length; i += wordsPerSegment) {
    const chunk = words.slice(i, i + wordsPerSegment);
    const duration = Math.round((chunk.length / 2.6) * 1000);
    segments.push({ startMs: ms, endMs: ms + duration, text: ` ${chunk.join(' ')}` });
    ms += duration + 200;
  }
  return segments;
}
