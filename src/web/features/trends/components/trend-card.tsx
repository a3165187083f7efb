import {
  AlertCircle,
  BadgeCheck,
  Calendar,
  ExternalLink,
  Loader2,
  Music2,
  PlayCircle,
  RefreshCw,
  Sparkles,
  Trash2,
  Wand2,
} from 'lucide-react';
import { useState } from 'react';
import {
  displayAudioName,
  formatEngagementRate,
  formatMetric,
  isAudioLink,
  sourceBadge,
  VISIBLE_TWIST_IDEAS,
} from '#contract/trend-display.ts';
import type { Trend } from '#contract/trends.ts';
import { InstagramIcon } from '#web/components/instagram-icon.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';

const STATUS_STYLES: Record<Trend['status'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-yellow-100 text-yellow-900 border-yellow-300' },
  processing: { label: 'Analyzing...', className: 'bg-blue-100 text-blue-900 border-blue-300' },
  processed: { label: 'Processed', className: 'bg-green-100 text-green-900 border-green-300' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900 border-red-300' },
};

function PlatformIcon({ platform }: { platform: Trend['platform'] }) {
  const label = { tiktok: 'TikTok', instagram: 'Instagram', youtube: 'YouTube' }[platform];
  const className = 'size-5 text-foreground';
  return (
    <span title={label} role="img" aria-label={label} className="inline-flex">
      {platform === 'instagram' ? (
        <InstagramIcon className={className} aria-hidden="true" />
      ) : platform === 'youtube' ? (
        <PlayCircle className={className} aria-hidden="true" />
      ) : (
        <Music2 className={className} aria-hidden="true" />
      )}
    </span>
  );
}

const hasAudio = (trend: Trend) =>
  !!trend.trending_data &&
  (displayAudioName(trend.trending_data.audio_name ?? trend.trending_data.sound_name) !== null ||
    isAudioLink(trend.trending_data.use_audio_url));

const STATS: Array<{
  key: 'view_count' | 'like_count' | 'share_count' | 'usage_count' | 'comment_count';
  label: string;
}> = [
  { key: 'view_count', label: 'Views' },
  { key: 'like_count', label: 'Likes' },
  { key: 'share_count', label: 'Shares' },
  { key: 'usage_count', label: 'Usage' },
  { key: 'comment_count', label: 'Comments' },
];

export interface TrendCardProps {
  trend: Trend;
  /** True while this card's re-analysis request is running (docs/spec/product-spec.md §4). */
  busy: boolean;
  deleting: boolean;
  onProcess: () => void;
  onDelete: () => void;
  onUseIdea: (idea: string) => void;
}

/** One trend (docs/spec/product-spec.md §2): status, platform, actions, source, skeleton, ideas, audio or pattern, stats. */
export function TrendCard({ trend, busy, deleting, onProcess, onDelete, onUseIdea }: TrendCardProps) {
  const [expanded, setExpanded] = useState(false);
  const running = busy || trend.status === 'processing';
  // While this card's request runs, a poll of the list can still answer the old status: the card says
  // 'Analyzing...' until the request ends (docs/spec/product-spec.md §4: marked processing at once).
  const shownStatus = running ? 'processing' : trend.status;
  const status = STATUS_STYLES[shownStatus];
  const data = trend.trending_data;
  const audioName = displayAudioName(data?.audio_name ?? data?.sound_name);
  const ideas = expanded ? trend.twist_ideas : trend.twist_ideas.slice(0, VISIBLE_TWIST_IDEAS);
  const hidden = trend.twist_ideas.length - VISIBLE_TWIST_IDEAS;
  const keepFocus = useKeepFocusWhileBusy(running);
  const badge = sourceBadge(trend.source);
  const added = new Date(trend.created_at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const comments = trend.metrics?.comment_count ?? data?.comment_count ?? null;

  let action: { label: string; icon: typeof Sparkles; name: string } | null = null;
  if (running) action = { label: 'Processing...', icon: Loader2, name: 'Processing...' };
  else if (trend.status === 'processed') action = { label: 'More Ideas', icon: Sparkles, name: 'More Ideas' };
  else if (trend.status === 'failed') action = { label: 'Retry', icon: RefreshCw, name: 'Retry' };
  else action = { label: 'Analyze', icon: Wand2, name: 'Analyze' };
  const ActionIcon = action.icon;

  return (
    <Card
      className="flex flex-col gap-4 p-5"
      data-testid="trend-card"
      data-status={trend.status}
      aria-label={`Trend ${trend.source}`}
      role="article"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" className={status.className} data-testid="trend-status">
          {shownStatus === 'processing' ? (
            <Loader2 className="mr-1 size-3 animate-spin" aria-hidden="true" />
          ) : null}
          {status.label}
        </Badge>
        <PlatformIcon platform={trend.platform} />
        {hasAudio(trend) ? (
          <Badge variant="secondary">
            <Music2 className="mr-1 size-3" aria-hidden="true" />
            Audio Trend
          </Badge>
        ) : null}
        <div className="ml-auto flex items-center gap-1">
          <Button
            size="sm"
            variant={trend.status === 'failed' ? 'destructive' : 'outline'}
            onClick={onProcess}
            disabled={running}
            {...keepFocus}
          >
            <ActionIcon className={running ? 'animate-spin' : undefined} aria-hidden="true" />
            {action.label}
          </Button>
          {trend.can_delete ? (
            <Button
              size="icon"
              variant="ghost"
              className="size-9"
              onClick={onDelete}
              disabled={deleting}
              aria-label={`Delete trend ${trend.source}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>

      <p className="flex min-w-0 items-center gap-2 text-sm">
        <span className="font-medium">Source:</span>
        <Badge variant="outline">{badge}</Badge>
        <a
          href={trend.source}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 truncate text-primary underline-offset-4 hover:underline"
        >
          {trend.source.replace(/^https:\/\/(www\.)?/, '')}
        </a>
      </p>

      {data?.author_name || data?.author_username ? (
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          {data.author_name ?? ''}
          {data.author_username ? <span>@{data.author_username}</span> : null}
          {data.author_verified ? <BadgeCheck className="size-4 text-primary" aria-label="Verified" /> : null}
        </p>
      ) : null}

      {trend.error ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{trend.error}</span>
        </p>
      ) : null}

      <section aria-label="Skeleton" className="grid gap-1.5">
        <h3 className="text-sm font-semibold">Skeleton</h3>
        {trend.skeleton ? (
          <pre className="whitespace-pre-wrap rounded-lg bg-muted p-3 font-sans text-sm leading-relaxed">
            {trend.skeleton}
          </pre>
        ) : (
          <p className="text-sm text-muted-foreground">
            {trend.status === 'failed'
              ? 'No analysis: the video could not be read.'
              : trend.status === 'processing'
                ? 'Echo is analyzing this video...'
                : 'The analysis has not started yet.'}
          </p>
        )}
      </section>

      {trend.twist_ideas.length ? (
        <section aria-label="Twist Ideas" className="grid gap-1.5">
          <h3 className="text-sm font-semibold">Twist Ideas</h3>
          <ol className="grid gap-2">
            {ideas.map((idea, index) => (
              <li key={idea} className="flex items-start gap-2 rounded-lg border border-border p-2.5 text-sm">
                <span className="mt-0.5 text-xs font-semibold text-muted-foreground">{index + 1}.</span>
                <span className="flex-1">{idea}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  className="h-7 px-2.5"
                  onClick={() => onUseIdea(idea)}
                  aria-label={`Use idea: ${idea}`}
                >
                  Use
                </Button>
              </li>
            ))}
          </ol>
          {hidden > 0 ? (
            <Button
              variant="link"
              size="sm"
              className="justify-self-start px-0"
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? 'Show less' : `Show ${hidden} more ideas`}
            </Button>
          ) : null}
        </section>
      ) : null}

      {data ? (
        hasAudio(trend) ? (
          <section
            aria-label="Trending Audio"
            className="rounded-lg border border-border bg-secondary/40 p-3 text-sm"
          >
            <h3 className="flex items-center gap-1.5 font-semibold">
              <Music2 className="size-4" aria-hidden="true" />
              Trending Audio
            </h3>
            {audioName ? <p className="mt-1 break-words">{audioName}</p> : null}
            {isAudioLink(data.use_audio_url) ? (
              <a
                href={data.use_audio_url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                Use This Audio
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : null}
          </section>
        ) : (
          <section
            aria-label="Content Pattern"
            className="rounded-lg border border-border bg-muted p-3 text-sm"
          >
            <h3 className="font-semibold">Content Pattern</h3>
            <p className="mt-1">{trend.format ? `${trend.format} format` : 'Follow the structure above.'}</p>
            <a
              href={data.original_video_url ?? trend.source}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              Use this trend
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          </section>
        )
      ) : null}

      {trend.metrics ? (
        <section aria-label="Trending Stats" className="grid gap-1.5">
          <h3 className="text-sm font-semibold">Trending Stats</h3>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {STATS.map(({ key, label }) => (
              <div key={key} className="rounded-lg bg-muted px-1 py-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-sm font-semibold" data-stat={key}>
                  {formatMetric(key === 'comment_count' ? comments : trend.metrics?.[key])}
                </dd>
              </div>
            ))}
            <div className="rounded-lg bg-muted px-1 py-2">
              <dt className="text-xs text-muted-foreground">Engagement</dt>
              <dd className="text-sm font-semibold" data-stat="engagement_rate">
                {formatEngagementRate(trend.metrics.engagement_rate)}
              </dd>
            </div>
          </dl>
        </section>
      ) : null}

      <div
        className={cn(
          'mt-auto flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground',
        )}
      >
        <span className="inline-flex items-center gap-1">
          <Calendar className="size-3.5" aria-hidden="true" />
          Added {added}
        </span>
        {trend.engine ? (
          <span>
            {trend.engine === 'llm' ? 'Analyzed by the AI model' : 'Analyzed by the template engine'}
          </span>
        ) : null}
      </div>
    </Card>
  );
}
