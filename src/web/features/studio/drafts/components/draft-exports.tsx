import { Download, Share2 } from 'lucide-react';
import { type Draft, type DraftBlock, type ExportType, shareLinks } from '#contract/studio-drafts.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { draftClipUrl, draftExportUrl } from '../api.ts';

const DOWNLOADS: Record<Draft['format'], ExportType[]> = {
  blog: ['md', 'html', 'txt'],
  linkedin: ['txt', 'md', 'html'],
  thread: ['txt', 'md'],
  carousel: ['pdf', 'zip', 'txt', 'md'],
  clips: ['srt', 'vtt', 'txt'],
  shownotes: ['md', 'html', 'txt'],
};
const DOWNLOAD_LABELS: Record<ExportType, string> = {
  md: 'Markdown',
  html: 'HTML',
  txt: 'Text',
  srt: 'SRT captions',
  vtt: 'VTT captions',
  zip: 'Slides (PNG zip)',
  pdf: 'Slides (PDF)',
};

/**
 * The draft's downloads (files, cut clips) and the platforms' share links, ready to post: a thread
 * numbered once or not at all (`numbered`, the user's choice), one X link per post.
 */
export function DraftExports({
  draft,
  cuttable,
  numbered,
  onNumbered,
}: {
  draft: Draft;
  cuttable: (block: DraftBlock) => boolean;
  numbered: boolean;
  onNumbered: (numbered: boolean) => void;
}) {
  const clips = draft.blocks.filter((b) => b.kind === 'clip');
  const share = shareLinks(draft, numbered);
  const thread = draft.format === 'thread';
  return (
    <>
      {thread && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={numbered}
            onChange={(e) => onNumbered(e.target.checked)}
            className="size-4 accent-primary"
          />
          Number the posts (1/{share.x.length}, 2/{share.x.length}...) when copying, downloading and sharing
        </label>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold">
          <Download className="mr-1 inline size-4" aria-hidden="true" /> Download:
        </span>
        {DOWNLOADS[draft.format].map((as) => (
          <a
            key={as}
            href={draftExportUrl(draft.id, as, undefined, numbered)}
            download
            className={buttonClasses('outline', 'sm')}
          >
            {DOWNLOAD_LABELS[as]}
          </a>
        ))}
        {clips.map(
          (block, i) =>
            cuttable(block) && (
              <a
                key={block.id}
                href={draftClipUrl(draft.id, i + 1)}
                download
                className={buttonClasses('outline', 'sm')}
              >
                <span className="sr-only">Download </span>Clip {i + 1}
              </a>
            ),
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold">
          <Share2 className="mr-1 inline size-4" aria-hidden="true" /> Share:
        </span>
        <a
          href={share.linkedin}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('outline', 'sm')}
        >
          <span className="sr-only">Share on </span>LinkedIn
        </a>
        {thread ? (
          share.x.map((href, i) => (
            <a
              key={href}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('outline', 'sm')}
            >
              <span className="sr-only">Share post </span>
              <span aria-hidden="true">X </span>
              {i + 1}/{share.x.length}
              <span className="sr-only"> on X</span>
            </a>
          ))
        ) : (
          <a
            href={share.x[0]}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
          >
            <span className="sr-only">Share on </span>X
          </a>
        )}
      </div>
    </>
  );
}
