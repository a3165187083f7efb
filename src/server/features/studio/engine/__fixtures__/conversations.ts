/**
 * Conversations as the owner would import them (decision 023): a podcast interview (a host and a
 * guest, a text transcript with timed `Name:` turns) and a panel of three (WebVTT voice spans). Each
 * says who the owner is, words only the owner says and words only a guest says (what the profile
 * may and may not learn), and where the topic shifts (for chapters).
 */

export interface ConversationFixture {
  /** The file as imported. */
  filename: string;
  content: string;
  /** Speaker labels, in order of first turn. */
  speakers: string[];
  /** The owner's label ("which one is you?"). */
  me: string;
  /** Phrases only the owner says: the profile may learn them. */
  ownerOnly: string[];
  /** Phrases only someone else says: never in the owner's profile nor said as the owner's. */
  guestOnly: string[];
  /** Where the conversation moves to a new topic (ms from the start). */
  topicShiftsMs: number[];
}

export const INTERVIEW: ConversationFixture = {
  filename: 'episode-42-priya.txt',
  content: `Episode 42: from project manager to baker

[00:00:00] Sam: Welcome back to the show. On the mic today is Priya, who left a project manager job to open a bakery. On the mic today we talk about leaving a safe job.
[00:00:12] Priya: Thanks for having me, Sam. I was a project manager for nine years. Honestly the dough was the only thing that calmed me down after work.
[00:00:24] Sam: What made you finally quit?
[00:00:27] Priya: I knew there was demand for Saturday mornings. Honestly the dough sold out every weekend at the market, three months in a row. So I gave notice in March.
[00:00:41] Sam: Let me stop you there, because listeners always ask about money. How did you pay for the first shop?
[00:00:49] Priya: Savings and a small loan from my aunt. Laminating croissants by hand keeps the equipment cheap. We bought one oven and a used mixer.
[00:01:02] Sam: What was the hardest part of the first shop?
[00:01:05] Priya: Hiring. Honestly the dough is easy next to finding two people who will get up at four.
[00:01:14] Sam: On the mic today I always ask one last thing. What would you tell a listener who wants to quit tomorrow?
[00:01:22] Priya: Sell at a market first. If strangers queue for your croissants in the rain, you have a business. If they do not, you saved yourself a lease.
[00:01:35] Sam: Priya, thank you. That is our show.
`,
  speakers: ['Sam', 'Priya'],
  me: 'Sam',
  ownerOnly: ['on the mic today', 'listeners'],
  guestOnly: ['honestly the dough', 'croissants', 'project manager for nine years'],
  topicShiftsMs: [0, 41_000, 74_000],
};

export const PANEL: ConversationFixture = {
  filename: 'remote-work-panel.vtt',
  content: `WEBVTT

00:00:00.000 --> 00:00:06.500
<v Dana Ruiz>Welcome to the panel. I'm Dana, and I run a remote team of twelve across four time zones.

00:00:06.500 --> 00:00:13.000
<v Dana Ruiz>My rule of thumb is simple: write it down or it did not happen.

00:00:13.000 --> 00:00:21.000
<v Kofi Mensah>I agree with Dana. At our agency we record every client call and share the notes within the hour.

00:00:21.000 --> 00:00:29.000
<v Lena Vogel>We went the other way. Fewer meetings, longer documents, and a weekly demo that everyone actually watches.

00:00:29.000 --> 00:00:36.000
<v Dana Ruiz>Let's talk about hiring. Write it down or it did not happen applies to interviews too.

00:00:36.000 --> 00:00:44.000
<v Kofi Mensah>For hiring we pay for a trial week. Candidates ship one real ticket with the team.

00:00:44.000 --> 00:00:52.000
<v Lena Vogel>A trial week is expensive for parents. We use a take-home brief and a paid review call instead.

00:00:52.000 --> 00:01:00.000
<v Dana Ruiz>Last question: burnout. My rule of thumb is that nobody answers messages after six.

00:01:00.000 --> 00:01:08.000
<v Kofi Mensah>Our agency blocks Fridays. No client calls on Fridays, ever.

00:01:08.000 --> 00:01:15.000
<v Lena Vogel>And we publish everyone's working hours next to their name in the chat.
`,
  speakers: ['Dana Ruiz', 'Kofi Mensah', 'Lena Vogel'],
  me: 'Dana Ruiz',
  ownerOnly: ['rule of thumb', 'write it down'],
  guestOnly: ['our agency', 'trial week', 'working hours'],
  topicShiftsMs: [0, 29_000, 52_000],
};

export const CONVERSATIONS: ConversationFixture[] = [INTERVIEW, PANEL];
