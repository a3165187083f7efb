import { AudioLines, Lightbulb, type LucideIcon, TrendingUp } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';

const PILLARS: ReadonlyArray<{ title: string; icon: LucideIcon; description: string }> = [
  {
    title: 'Learns Your Voice',
    icon: AudioLines,
    description:
      'Echo picks up your style, tone and phrasing, the words you love and the ones you never use, so drafts sound like you on a good day.',
  },
  {
    title: 'Stores Your Ideas',
    icon: Lightbulb,
    description:
      'Every note, call and post lands in one searchable place. Find that half-remembered idea in seconds and build on it.',
  },
  {
    title: 'Evolves With You',
    icon: TrendingUp,
    description:
      'The more you use it, the better it gets. As your thinking grows, Echo keeps up, and your content keeps getting sharper.',
  },
];

/** The knowledge-base promise: Echo remembers what you say and how you say it. */
export function KnowledgeBase() {
  return (
    <section aria-labelledby="knowledge-base-heading" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            A second brain that talks like you
          </p>
          <h2 id="knowledge-base-heading" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Your Personal Knowledge Base
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Echo doesn't just write for you. It remembers everything you've said and how you like to say it.
          </p>
        </div>

        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PILLARS.map(({ title, icon: Icon, description }, index) => (
            <li key={title}>
              <Card className="relative h-full overflow-hidden border-primary/15 bg-linear-to-br from-secondary/60 to-background">
                <span
                  aria-hidden="true"
                  className="absolute right-5 top-4 text-5xl font-black text-primary/10 select-none"
                >
                  0{index + 1}
                </span>
                <span className="grid size-12 place-items-center rounded-2xl bg-primary text-primary-foreground shadow-md shadow-primary/20">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle className="mt-5 text-xl">{title}</CardTitle>
                <CardDescription className="mt-2 text-base">{description}</CardDescription>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
