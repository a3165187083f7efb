import { Clock, Fingerprint, HeartHandshake, type LucideIcon, MessageCircle } from 'lucide-react';

const REASONS: ReadonlyArray<{ title: string; icon: LucideIcon; description: string }> = [
  {
    title: 'Your best ideas are already spoken',
    icon: MessageCircle,
    description:
      'You explain things brilliantly on calls, in voice notes and over coffee. Echo catches those moments before they disappear.',
  },
  {
    title: 'Sounds like you, not a robot',
    icon: Fingerprint,
    description:
      'Built from your own words, rhythm and quirks, so your audience hears you, not generic filler.',
  },
  {
    title: 'Show up everywhere without burning out',
    icon: Clock,
    description:
      'One recording becomes a blog post, a week of social posts and a handful of clips. Hours back, every week.',
  },
  {
    title: 'Shaped by real creators',
    icon: HeartHandshake,
    description: 'Founders, coaches and agencies have been testing Echo and telling us exactly what to fix.',
  },
];

/** The persuasive close before the waitlist form. */
export function WhyUnmute() {
  return (
    <section
      aria-labelledby="why-unmute-heading"
      className="relative isolate overflow-hidden bg-foreground px-4 py-20 text-background sm:px-6 sm:py-24"
    >
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -left-24 top-0 size-96 rounded-full bg-primary/40 blur-3xl" />
        <div className="absolute -right-16 bottom-0 size-72 rounded-full bg-accent/20 blur-3xl" />
      </div>

      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">Stop staying quiet</p>
          <h2 id="why-unmute-heading" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Why Unmute Yourself?
          </h2>
          <p className="mt-4 text-lg text-background/75">
            The people who grow are the ones who keep showing up. Echo makes showing up as easy as hitting
            record.
          </p>
          <dl className="mt-8 grid grid-cols-2 gap-4">
            <div className="flex flex-col-reverse rounded-2xl border border-background/15 bg-background/5 p-5">
              <dt className="mt-1 text-sm text-background/70">beta testers</dt>
              <dd className="text-3xl font-extrabold text-accent">50+</dd>
            </div>
            <div className="flex flex-col-reverse rounded-2xl border border-background/15 bg-background/5 p-5">
              <dt className="mt-1 text-sm text-background/70">satisfaction</dt>
              <dd className="text-3xl font-extrabold text-accent">95%</dd>
            </div>
          </dl>
        </div>

        <ul className="grid gap-4 sm:grid-cols-2">
          {REASONS.map(({ title, icon: Icon, description }) => (
            <li
              key={title}
              className="rounded-2xl border border-background/15 bg-background/5 p-6 backdrop-blur-sm"
            >
              <span className="grid size-10 place-items-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-background/75">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
