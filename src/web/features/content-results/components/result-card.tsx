import { Download, ExternalLink, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  type ContentResult,
  EXPORT_FORMATS,
  EXPORT_MIME,
  type ExportFormat,
  exportTranscript,
  TRANSCRIPT_PREVIEW_CHARS,
  transcriptFileName,
} from '#contract/content-results.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';

const TYPE_LABELS: Record<ContentResult['product_type'], string> = {
  transcription: 'Transcription',
  trend_analysis: 'Trend Analysis',
  echo_core: 'My Voice',
};

const STATUS_STYLES: Record<ContentResult['status'], string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  processing: 'bg-blue-100 text-blue-900',
  completed: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

function download(result: ContentResult, format: ExportFormat) {
  const blob = new Blob([exportTranscript(result, format)], { type: EXPORT_MIME[format] });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = transcriptFileName(result.created_at, format);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Transcript({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > TRANSCRIPT_PREVIEW_CHARS;
  const shown = !long || expanded ? text : `${text.slice(0, TRANSCRIPT_PREVIEW_CHARS)}...`;
  return (
    <div>
      <p data-testid="transcript" className="whitespace-pre-wrap break-words text-sm leading-relaxed">
        {shown}
      </p>
      {long && (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

// docs/spec/product-spec.md §4 words transcriptions; a trend analysis filed from /trends says what it really is.
const TREND_TEXTS = {
  pending: 'Waiting for the analysis to start...',
  processing: 'Echo is analyzing this trend...',
  eta: 'This usually takes under a minute',
  failed: 'Trend analysis failed. Retry it on the Trends page.',
};
const TRANSCRIPTION_TEXTS = {
  pending: 'Waiting for transcription to start...',
  processing: 'Echo is transcribing...',
  eta: 'This should be ready in about 10-20 seconds',
  failed: 'Transcription failed. Please try submitting again.',
};

// An Echo Studio draft says what is happening to the draft, and a failure gives its own cause.
export const DRAFT_TEXTS = {
  pending: 'Waiting for Echo to start writing...',
  processing: 'Echo is writing this draft...',
  eta: 'This usually takes a few seconds',
  failed: 'Echo could not write this draft.',
};

function StatusBody({ result }: { result: ContentResult }) {
  const data = result.result_data;
  const texts =
    result.product_type === 'trend_analysis'
      ? TREND_TEXTS
      : result.product_type === 'echo_core'
        ? DRAFT_TEXTS
        : TRANSCRIPTION_TEXTS;
  switch (result.status) {
    case 'pending':
      return <p className="text-sm text-muted-foreground">{texts.pending}</p>;
    case 'processing':
      return (
        <div className="flex items-center gap-3 rounded-lg bg-blue-50 p-4 text-blue-900" role="status">
          <span className="flex items-end gap-1" aria-hidden="true">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="inline-block h-4 w-1.5 animate-pulse rounded-full bg-blue-500"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
          <div>
            <p className="text-sm font-semibold">{texts.processing}</p>
            <p className="text-xs">{texts.eta}</p>
          </div>
        </div>
      );
    case 'failed':
      return (
        <div className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{texts.failed}</p>
          {data.error && <p className="mt-1 break-words">{data.error}</p>}
        </div>
      );
    case 'completed':
      return (
        <div className="grid gap-4">
          {data.summary && (
            <div>
              <h4 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {result.product_type === 'echo_core' ? 'Opening' : 'Summary'}
              </h4>
              <p className="mt-1 text-sm" data-testid="result-summary">
                {data.summary}
              </p>
            </div>
          )}
          {data.transcription !== undefined && (
            <div>
              <h4 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                Transcript
              </h4>
              <div className="mt-1">
                <Transcript text={data.transcription} />
              </div>
            </div>
          )}
          {data.trending_audio?.name && (
            <p className="text-sm">
              Trending audio:{' '}
              {data.trending_audio.url?.startsWith('http') ? (
                <a
                  href={data.trending_audio.url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-primary underline"
                >
                  {data.trending_audio.name}
                </a>
              ) : (
                data.trending_audio.name
              )}
            </p>
          )}
        </div>
      );
  }
}

export function ResultCard({
  result,
  deleting,
  onDelete,
}: {
  result: ContentResult;
  deleting: boolean;
  onDelete: () => void;
}) {
  const created = new Date(result.created_at);
  const draft = result.product_type === 'echo_core';
  // A draft's card leads to the draft in the Studio (this app's own page, whatever host it was filed under).
  const draftHref = draft && URL.canParse(result.source_url) ? new URL(result.source_url) : null;
  const title = draft ? (result.result_data.title ?? 'Echo Studio draft') : result.source_url;
  const canDownload = result.status === 'completed' && result.result_data.transcription !== undefined;
  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid="content-result" data-status={result.status}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{TYPE_LABELS[result.product_type]}</Badge>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLES[result.status]}`}
            >
              {result.status}
            </span>
            {result.source_platform && (
              <span className="text-xs text-muted-foreground">{result.source_platform}</span>
            )}
          </div>
          {draft ? (
            <h3 className="text-base font-semibold leading-snug" data-testid="result-title">
              {draftHref?.pathname === '/studio' ? (
                <a href={`${draftHref.pathname}${draftHref.search}`} className="text-primary hover:underline">
                  {title}
                </a>
              ) : (
                title
              )}
            </h3>
          ) : (
            <a
              href={result.source_url}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex min-w-0 items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              <span className="truncate">{result.source_url}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            </a>
          )}
          <p className="text-xs text-muted-foreground">
            {draft && result.result_data.written_at
              ? `Written ${new Date(result.result_data.written_at).toLocaleString()}`
              : `Added ${created.toLocaleString()}`}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={draft ? `Delete ${title}` : `Delete content from ${result.source_url}`}
          disabled={deleting}
          onClick={onDelete}
        >
          {deleting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
        </Button>
      </div>
      <StatusBody result={result} />
      {canDownload && (
        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
          <span className="text-xs font-medium text-muted-foreground">Download:</span>
          {EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              variant="outline"
              size="sm"
              aria-label={`Download transcript as ${format}`}
              onClick={() => download(result, format)}
            >
              <Download aria-hidden="true" />
              {format.toUpperCase()}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
