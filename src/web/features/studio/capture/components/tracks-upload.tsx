import { CheckCircle2, FileAudio, Loader2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ProgressBar, percentOf } from '#web/components/ui/progress-bar.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import {
  createConversation,
  type MediaUpload,
  startMediaUpload,
  TRACKS_MAX,
  TRACKS_MIN,
  uploadProblem,
} from '../api.ts';

interface TrackProgress {
  name: string;
  sent: number;
  total: number;
  state: 'sending' | 'done' | 'failed';
  message?: string;
}

/** Why these files cannot be one conversation, or null. */
export function tracksProblem(files: File[]): string | null {
  if (files.length < TRACKS_MIN || files.length > TRACKS_MAX)
    return `Choose ${TRACKS_MIN} to ${TRACKS_MAX} files, one per speaker.`;
  for (const file of files) {
    const problem = uploadProblem(file);
    if (problem) return `${file.name}: ${problem}`;
  }
  return null;
}

/**
 * A conversation recorded one file per speaker (Riverside, Zencastr, SquadCast, Zoom's separate
 * audio): the note and its tracks are made, then every file goes up at once over tus; once each has
 * finished or failed, the note is handed over (it shows each track's state while it is transcribed).
 */
export function useTracksUpload(onUploaded: (noteId: string | null) => void) {
  const [tracks, setTracks] = useState<TrackProgress[] | null>(null);
  const uploads = useRef<MediaUpload[]>([]);
  const noteId = useRef<string | null>(null);

  useEffect(
    () => () => {
      for (const u of uploads.current) u.pause();
    },
    [],
  );

  useEffect(() => {
    if (!tracks || !noteId.current || tracks.some((t) => t.state === 'sending')) return;
    const failed = tracks.filter((t) => t.state === 'failed');
    toast({
      variant: failed.length === tracks.length ? 'destructive' : undefined,
      title: failed.length === tracks.length ? 'Upload failed' : 'Conversation uploaded',
      description: failed.length
        ? `Not uploaded: ${failed.map((t) => `${t.name} (${t.message})`).join('; ')}`
        : `${tracks.length} files are being transcribed, one speaker each.`,
    });
    const id = noteId.current;
    noteId.current = null;
    uploads.current = [];
    setTracks(null);
    onUploaded(id);
  }, [tracks, onUploaded]);

  const update = (i: number, change: Partial<TrackProgress>) =>
    setTracks((list) => list?.map((t, n) => (n === i ? { ...t, ...change } : t)) ?? list);

  async function begin(files: File[]) {
    const problem = tracksProblem(files);
    if (problem) {
      toast({ variant: 'destructive', title: 'These files cannot be uploaded', description: problem });
      return;
    }
    setTracks(files.map((f) => ({ name: f.name, sent: 0, total: f.size, state: 'sending' })));
    let created: Awaited<ReturnType<typeof createConversation>>;
    try {
      created = await createConversation(files);
    } catch (error) {
      setTracks(null);
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: errorMessage(error, 'Please try again.'),
      });
      return;
    }
    noteId.current = created.note_id;
    uploads.current = files.map((file, i) =>
      startMediaUpload(
        file,
        {
          onProgress: (sent, total) => update(i, { sent, total }),
          onRetry: () => {},
          onSuccess: () => update(i, { state: 'done' }),
          onError: (message) => update(i, { state: 'failed', message }),
        },
        { track: created.tracks[i]!.id },
      ),
    );
  }

  return { tracks, begin };
}

/** Each file of a conversation going up, with its own progress. */
export function TracksProgress({ tracks }: { tracks: TrackProgress[] }) {
  return (
    <ul
      className="grid gap-3 rounded-xl border border-border p-4"
      aria-label="Files of the conversation"
      data-testid="tracks-progress"
    >
      {tracks.map((t, i) => {
        const percent = percentOf(t.sent, t.total);
        return (
          // Two files may share a name (from two folders): their place in the list is theirs alone.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once the upload starts
          <li key={i} className="grid gap-1.5">
            <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
              {t.state === 'done' ? (
                <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
              ) : t.state === 'failed' ? (
                <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
              ) : (
                <FileAudio className="size-4 shrink-0 text-primary" aria-hidden="true" />
              )}
              <span className="truncate">{t.name}</span>
              <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                {t.state === 'failed' ? 'failed' : `${percent}%`}
              </span>
            </p>
            <ProgressBar value={percent} label={`Uploading ${t.name}`} />
            {t.state === 'failed' && <p className="text-xs text-destructive">{t.message}</p>}
          </li>
        );
      })}
      <li className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Uploading one file per speaker...
      </li>
    </ul>
  );
}
