import { CheckCircle2, Loader2, TriangleAlert, Upload } from 'lucide-react';
import type { NoteDetail } from '#contract/studio.ts';

const STATE = {
  uploading: { Icon: Upload, text: 'uploading', spin: false },
  transcribing: { Icon: Loader2, text: 'transcribing', spin: true },
  ready: { Icon: CheckCircle2, text: 'transcribed', spin: false },
  failed: { Icon: TriangleAlert, text: 'failed', spin: false },
} as const;

/**
 * A conversation uploaded one file per speaker: each file's state while it is transcribed, and why
 * one failed (the note is made of the others).
 */
export function NoteTracks({ tracks }: { tracks: NoteDetail['tracks'] }) {
  if (!tracks.length) return null;
  const failed = tracks.filter((t) => t.status === 'failed').length;
  return (
    <section
      aria-labelledby="note-tracks"
      className="grid gap-2 rounded-lg border border-border p-3"
      data-testid="note-tracks"
    >
      <h3 id="note-tracks" className="text-sm font-medium">
        One file per speaker{failed ? ` · ${failed} not transcribed` : ''}
      </h3>
      <ul className="grid gap-1.5 text-sm">
        {tracks.map((t) => {
          const { Icon, text, spin } = STATE[t.status];
          return (
            <li key={t.id} className="flex flex-wrap items-start gap-x-2">
              <Icon
                className={`mt-0.5 size-4 shrink-0 ${t.status === 'failed' ? 'text-destructive' : 'text-primary'} ${spin ? 'animate-spin' : ''}`}
                aria-hidden="true"
              />
              <span className="font-medium">{t.label}</span>
              <span className={t.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
                {text}
                {t.status === 'failed' && t.message ? `: ${t.message}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
