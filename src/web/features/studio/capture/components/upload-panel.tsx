import { FileAudio, Loader2, Upload, WifiOff, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { FileInput } from '#web/components/file-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ProgressBar, percentOf } from '#web/components/ui/progress-bar.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import {
  type InterruptedUpload,
  listInterruptedUploads,
  MEDIA_ACCEPT,
  type MediaUpload,
  startMediaUpload,
  TRACKS_MAX,
  TRACKS_MIN,
  uploadProblem,
} from '../api.ts';
import { ConversationMark } from './conversation-mark.tsx';
import { SpeechFate } from './speech-fate.tsx';
import { TracksProgress, useTracksUpload } from './tracks-upload.tsx';

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

interface Progress {
  name: string;
  sent: number;
  total: number;
  retrying: boolean;
}

/**
 * Upload audio or video by drag and drop or the file picker, with the tus protocol: a real
 * progress bar, automatic retries after a dropped connection, and resume after a reload (tus-js-client
 * keeps each upload's fingerprint in local storage; choosing the same file again continues it).
 */
export function UploadPanel({ onUploaded }: { onUploaded: (noteId: string | null) => void }) {
  const id = useId();
  const upload = useRef<MediaUpload | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [dragging, setDragging] = useState(false);
  const [interrupted, setInterrupted] = useState<InterruptedUpload[]>([]);
  const [conversation, setConversation] = useState(false);
  const multi = useTracksUpload(onUploaded);
  const busy = Boolean(progress || multi.tracks);

  useEffect(() => {
    listInterruptedUploads().then(setInterrupted, () => setInterrupted([]));
    return () => {
      upload.current?.pause();
    };
  }, []);

  function begin(file: File) {
    const problem = uploadProblem(file);
    if (problem) {
      toast({ variant: 'destructive', title: 'This file cannot be uploaded', description: problem });
      return;
    }
    setProgress({ name: file.name, sent: 0, total: file.size, retrying: false });
    upload.current = startMediaUpload(
      file,
      {
        onProgress: (sent, total) => setProgress({ name: file.name, sent, total, retrying: false }),
        onRetry: () => setProgress((p) => (p ? { ...p, retrying: true } : p)),
        onSuccess: (noteId) => {
          upload.current = null;
          setProgress(null);
          setInterrupted((list) => list.filter((u) => u.name !== file.name || u.size !== file.size));
          toast({ title: 'Upload complete', description: `${file.name} is being transcribed.` });
          onUploaded(noteId);
        },
        onError: (message) => {
          upload.current = null;
          setProgress(null);
          toast({ variant: 'destructive', title: 'Upload failed', description: message });
        },
      },
      { conversation },
    );
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (busy) return;
    // Several files dropped at once: a conversation recorded one file per speaker.
    if (files.length > 1) void multi.begin(files);
    else if (files[0]) begin(files[0]);
  }

  const percent = progress ? percentOf(progress.sent, progress.total) : 0;
  return (
    <div className="grid gap-4">
      {multi.tracks ? (
        <TracksProgress tracks={multi.tracks} />
      ) : progress ? (
        <div className="grid gap-3 rounded-xl border border-border p-4" data-testid="upload-progress">
          <div className="flex items-center justify-between gap-3">
            <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
              <FileAudio className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="truncate">{progress.name}</span>
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                upload.current?.cancel();
                upload.current = null;
                setProgress(null);
                toast({ title: 'Upload cancelled' });
              }}
            >
              <X aria-hidden="true" /> Cancel
            </Button>
          </div>
          <ProgressBar
            value={percent}
            label={`Uploading ${progress.name}`}
            valueText={`${percent}%, ${formatBytes(progress.sent)} of ${formatBytes(progress.total)}`}
            size="lg"
          />
          <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
            {progress.retrying ? (
              <>
                <WifiOff className="size-4 text-destructive" aria-hidden="true" /> Connection lost. Resuming
                where it stopped...
              </>
            ) : (
              <>
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                {percent}% · {formatBytes(progress.sent)} of {formatBytes(progress.total)}
              </>
            )}
          </p>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard way
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          className={cn(
            'grid place-items-center gap-3 rounded-xl border-2 border-dashed border-border p-6 text-center transition-colors',
            dragging && 'border-primary bg-secondary',
          )}
        >
          <Upload className="size-8 text-primary" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">Drop an audio or video file here, or</p>
          <FileInput
            accept={MEDIA_ACCEPT}
            label="Audio or video file"
            onFile={begin}
            aria-describedby={`${id}-hint ${id}-fate`}
          >
            Choose a file
          </FileInput>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            MP3, M4A, WAV, WebM, OGG, MP4 or MOV, up to 500 MB.
          </p>
        </div>
      )}
      {!busy && (
        <>
          <ConversationMark checked={conversation} onChange={setConversation} />
          <div className="grid gap-2 rounded-xl border border-border p-4 sm:flex sm:items-center sm:justify-between">
            <p id={`${id}-tracks`} className="text-sm text-muted-foreground">
              <span className="block font-medium text-foreground">Recorded one file per speaker?</span>
              Upload {TRACKS_MIN} to {TRACKS_MAX} files as one conversation, one file per speaker (Riverside,
              Zencastr, SquadCast, Zoom's separate audio). Each file's name becomes its speaker's.
            </p>
            <FileInput
              accept={MEDIA_ACCEPT}
              label="One audio file per speaker"
              onFiles={(files) => void multi.begin(files)}
              aria-describedby={`${id}-tracks`}
              className="shrink-0"
            >
              Choose files
            </FileInput>
          </div>
        </>
      )}
      <SpeechFate id={`${id}-fate`} />
      {!busy && interrupted.length > 0 && (
        <ul className="grid gap-2 text-sm" aria-label="Interrupted uploads">
          {interrupted.map((u) => (
            <li key={u.key} className="rounded-lg bg-muted px-3 py-2 text-muted-foreground">
              <span className="font-medium text-foreground">{u.name}</span> was interrupted
              {u.size ? ` (${formatBytes(u.size)})` : ''}. Choose the same file to resume where it stopped.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
