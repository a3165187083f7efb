import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { PublishPost } from '#contract/publishing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useCancelPost, useMovePost, useWeekPosts } from '../api.ts';
import { PostStatus } from './post-status.tsx';

import { Problem } from './problem.tsx';

const startOfWeek = (date: Date) => {
  const d = new Date(date);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d;
};
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function CalendarPost({ post }: { post: PublishPost }) {
  const move = useMovePost();
  const cancel = useCancelPost();
  const [moving, setMoving] = useState(false);
  const [at, setAt] = useState(toLocalInput(post.scheduled_at));
  const changeable = (post.status === 'scheduled' || post.status === 'waiting_account') && !post.links.length;
  return (
    <li className="grid gap-2 rounded-md border border-border p-2">
      <PostStatus post={post} />
      <p className="line-clamp-2 text-sm">{post.parts[0]}</p>
      {post.parts.length > 1 && (
        <p className="text-xs text-muted-foreground">Thread of {post.parts.length} posts</p>
      )}
      {changeable && (
        <div className="flex flex-wrap items-end gap-2">
          {moving ? (
            <>
              <div className="grid gap-1">
                <Label htmlFor={`move-${post.id}`}>New time</Label>
                <Input
                  id={`move-${post.id}`}
                  type="datetime-local"
                  value={at}
                  onChange={(e) => setAt(e.target.value)}
                />
              </div>
              <Button
                size="sm"
                onClick={() =>
                  move.mutate(
                    { id: post.id, scheduled_at: new Date(at).toISOString() },
                    { onSuccess: () => setMoving(false) },
                  )
                }
              >
                Save time
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setMoving(true)}>
              Move
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => cancel.mutate(post.id)}
            disabled={cancel.isPending}
          >
            Cancel post
          </Button>
        </div>
      )}
      <Problem error={move.error ?? cancel.error} />
    </li>
  );
}

export function Calendar() {
  const [weekStart, setWeekStart] = useState(() => startOfWeek(new Date()));
  const weekEnd = useMemo(() => new Date(weekStart.getTime() + 7 * 86_400_000), [weekStart]);
  const posts = useWeekPosts(weekStart, weekEnd);
  const days = Array.from({ length: 7 }, (_, i) => new Date(weekStart.getTime() + i * 86_400_000));
  const shift = (weeks: number) => setWeekStart(new Date(weekStart.getTime() + weeks * 7 * 86_400_000));
  return (
    <Card role="region" className="grid gap-4" aria-labelledby="calendar-heading" aria-busy={posts.isPending}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="calendar-heading">
          Week of{' '}
          {weekStart.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}
        </CardTitle>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => shift(-1)}>
            <ChevronLeft aria-hidden="true" /> Previous week
          </Button>
          <Button variant="outline" size="sm" onClick={() => shift(1)}>
            Next week <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {posts.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the week's posts…
        </p>
      )}
      <Problem error={posts.error} />
      <ol className="grid gap-3 lg:grid-cols-7">
        {days.map((day) => {
          const mine = (posts.data?.posts ?? []).filter(
            (p) => new Date(p.scheduled_at).toDateString() === day.toDateString(),
          );
          return (
            <li key={day.toISOString()} className="grid content-start gap-2">
              <h4 className="text-sm font-semibold">
                {day.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' })}
              </h4>
              {mine.length === 0 ? (
                posts.isSuccess && <span className="text-xs text-muted-foreground">Nothing</span>
              ) : (
                <ul className="grid gap-2">
                  {mine.map((post) => (
                    <CalendarPost key={post.id} post={post} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/** The Studio's Publishing tab: accounts, weekly time slots and the week's calendar. */
