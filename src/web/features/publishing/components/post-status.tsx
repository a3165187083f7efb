import { ExternalLink } from 'lucide-react';
import { PLATFORM_LABELS, POST_STATUS_LABELS, type PublishPost } from '#contract/publishing.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const VARIANT: Record<PublishPost['status'], 'default' | 'secondary' | 'destructive' | 'outline' | 'accent'> =
  {
    scheduled: 'secondary',
    publishing: 'accent',
    published: 'default',
    failed: 'destructive',
    check: 'destructive',
    waiting_account: 'outline',
    cancelled: 'outline',
  };

export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** A post's state in words, its problem if any, and links to what is live. */
export function PostStatus({ post }: { post: PublishPost }) {
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={VARIANT[post.status]}>{POST_STATUS_LABELS[post.status]}</Badge>
        <span className="font-medium">
          {PLATFORM_LABELS[post.platform]} {post.handle}
        </span>
        <span className="text-muted-foreground">{when(post.published_at ?? post.scheduled_at)}</span>
      </div>
      {post.error && post.status !== 'published' && <p className="text-muted-foreground">{post.error}</p>}
      {post.links.length > 0 && (
        <ul className="flex flex-wrap gap-x-3 gap-y-1">
          {post.links.map((link, i) => (
            <li key={link}>
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 underline"
              >
                {post.links.length > 1 ? `Post ${i + 1}` : 'Live post'}
                <ExternalLink className="size-3" aria-hidden="true" />
                <span className="sr-only"> on {PLATFORM_LABELS[post.platform]} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
