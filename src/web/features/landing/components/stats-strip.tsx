import type { ReactNode } from 'react';
import { useWaitlistCount } from '#web/features/waitlist/index.ts';

function WaitlistCountValue() {
  const { data, isPending, isError } = useWaitlistCount();
  if (isPending) {
    return (
      <>
        <span
          aria-hidden="true"
          className="inline-block h-[1em] w-20 animate-pulse rounded-md bg-secondary align-middle"
        />
        <span className="sr-only">Loading</span>
      </>
    );
  }
  if (isError || !data) return <>—</>;
  return <>{data.count.toLocaleString('en-US')}</>;
}

function Stat({ value, label, testId }: { value: ReactNode; label: string; testId?: string }) {
  return (
    <div className="flex flex-col-reverse items-center gap-1 px-2 py-6 text-center sm:py-8">
      <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
      <dd
        className="text-2xl font-extrabold tracking-tight text-primary tabular-nums sm:text-4xl"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/** Three headline numbers under the hero; the first is the live waitlist count. */
export function StatsStrip() {
  return (
    <section aria-labelledby="stats-heading" className="px-4 sm:px-6">
      <h2 id="stats-heading" className="sr-only">
        Echo in numbers
      </h2>
      <dl className="mx-auto grid max-w-4xl grid-cols-3 divide-x divide-border rounded-2xl border border-border bg-background shadow-sm">
        <Stat value={<WaitlistCountValue />} label="on the waitlist" testId="waitlist-count" />
        <Stat value="10+" label="content formats" />
        <Stat value="95%" label="time saved" />
      </dl>
    </section>
  );
}
