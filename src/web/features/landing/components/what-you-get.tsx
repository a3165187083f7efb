import { Check, FileText, type LucideIcon, Scissors, Share2 } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';

const DELIVERABLES: ReadonlyArray<{ title: string; icon: LucideIcon; summary: string; points: string[] }> = [
  {
    title: 'SEO Blog Post',
    icon: FileText,
    summary: 'Your rambling, shaped into a clear, readable article that search engines can find.',
    points: [
      'Headings, meta description and keywords',
      'Your stories and examples kept intact',
      'Ready to paste into your site',
    ],
  },
  {
    title: 'Social Media Kit',
    icon: Share2,
    summary: 'One idea, tailored to every feed, without rewriting it five times.',
    points: [
      'LinkedIn posts that start conversations',
      'Tweet threads with a strong opener',
      'Instagram carousels, slide by slide',
    ],
  },
  {
    title: 'Viral Clips',
    icon: Scissors,
    summary: 'The best moments of your video, cut short and built to stop the scroll.',
    points: [
      'Hooks in the first seconds',
      'Captions burned in for silent viewing',
      'Your branding on every clip',
    ],
  },
];

/** The three deliverables, in more depth than the feature tabs. */
export function WhatYouGet() {
  return (
    <section aria-labelledby="what-you-get-heading" className="bg-muted px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            One voice, every format
          </p>
          <h2 id="what-you-get-heading" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            What You Get
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Every recording comes back as a full content pack, written the way you talk.
          </p>
        </div>

        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {DELIVERABLES.map(({ title, icon: Icon, summary, points }) => (
            <li key={title}>
              <Card className="flex h-full flex-col gap-4 transition-shadow hover:shadow-md">
                <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle className="text-xl">{title}</CardTitle>
                <CardDescription className="text-base">{summary}</CardDescription>
                <ul className="mt-auto grid gap-2 border-t border-border pt-4 text-sm">
                  {points.map((point) => (
                    <li key={point} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
