import { CircleStop, Loader2, Mic, Pause, Play, Trash2, WifiOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { RECORDING_KEPT_AS_AUDIO, STUDIO_LIMITS } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { formatDuration } from '../../format.ts';
import { type ChunkedRecording, startChunkedRecording } from '../api.ts';
import { ConversationMark } from './conversation-mark.tsx';
import { SpeechFate } from './speech-fate.tsx';
import { useLiveTranscript } from './use-live-transcript.ts';
import { pickMimeType, useRecorder } from './use-recorder.ts';

const MAX_RECORDING_MS = STUDIO_LIMITS.recordingMaxMs;

/**
 * Record a voice note: level meter, elapsed time, pause/resume, stop, discard. Chunks go up while
 * recording continues; unsent chunks are retried after a dropped connection, so nothing is lost.
 */
export function Recorder({ onSaved }: { onSaved: (noteId: string) => void }) {
  const upload = useRef<ChunkedRecording | null>(null);
  const [pending, setPending] = useState(0);
  const [offline, setOffline] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conversation, setConversation] = useState(false);
  const fateId = useId();

  const recorder = useRecorder({
    maxMs: MAX_RECORDING_MS,
    onChunk: (chunk, index) => upload.current?.send(chunk, index),
    onStopped: async (_mimeType, elapsedMs) => {
      const current = upload.current;
      if (!current) return;
      setSaving(true);
      try {
        const note = await current.finish(
          elapsedMs,
          live.enabled ? live.take() : [],
          live.availability === 'on-device',
          conversation,
        );
        upload.current = null;
        toast({
          title: 'Voice note saved',
          description: note.transcribing ? 'Echo is transcribing it now.' : RECORDING_KEPT_AS_AUDIO,
        });
        onSaved(note.id);
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Failed to save the recording',
          description: errorMessage(error, 'Please try again.'),
        });
      } finally {
        setSaving(false);
        recorder.reset();
        live.reset();
      }
    },
  });
  const { state } = recorder;
  const active = state === 'recording' || state === 'paused';
  const live = useLiveTranscript({ active: state === 'recording', clock: recorder.elapsedNow });

  async function start() {
    try {
      upload.current = await startChunkedRecording({
        mimeType: typeof MediaRecorder === 'undefined' ? undefined : pickMimeType(),
        onProgress: (left, connectionLost) => {
          setPending(left);
          setOffline(connectionLost);
        },
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not start recording',
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
      return;
    }
    await recorder.start();
  }

  function discard() {
    recorder.discard();
    live.reset();
    upload.current?.discard();
    upload.current = null;
    setPending(0);
    setOffline(false);
    toast({ title: 'Recording discarded' });
  }

  // Leaving the page while recording or sending would lose the rest: the browser asks first.
  useEffect(() => {
    if (!active && !saving) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, saving]);

  const remaining = MAX_RECORDING_MS - recorder.elapsedMs;
  return (
    <div className="grid gap-4" data-testid="recorder">
      <div className="flex flex-wrap items-center gap-4">
        <span
          className="font-mono text-3xl font-semibold tabular-nums"
          role="timer"
          aria-label={`Elapsed time ${formatDuration(recorder.elapsedMs)}`}
          data-testid="elapsed"
        >
          {formatDuration(recorder.elapsedMs)}
        </span>
        <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          {state === 'recording' && (
            <span className="size-2.5 animate-pulse rounded-full bg-destructive" aria-hidden="true" />
          )}
          {state === 'paused'
            ? 'Paused'
            : state === 'recording'
              ? remaining < 60_000
                ? `${Math.ceil(remaining / 1000)} seconds left`
                : 'Recording'
              : 'Up to 30 minutes'}
        </span>
      </div>
      <div className="grid gap-1.5">
        <span className="text-xs font-medium text-muted-foreground" id="studio-level-label">
          Microphone level
        </span>
        <meter
          aria-labelledby="studio-level-label"
          min={0}
          max={1}
          value={recorder.level}
          className="sr-only"
        />
        <div className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div
            data-testid="level"
            className="h-full rounded-full bg-primary transition-[width] duration-75"
            style={{ width: `${Math.round(recorder.level * 100)}%` }}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {!active && (
          <Button onClick={start} disabled={state === 'starting' || saving} aria-describedby={fateId}>
            {state === 'starting' ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Mic aria-hidden="true" />
            )}
            Record
          </Button>
        )}
        {state === 'recording' && (
          <Button variant="outline" onClick={recorder.pause}>
            <Pause aria-hidden="true" /> Pause
          </Button>
        )}
        {state === 'paused' && (
          <Button variant="outline" onClick={recorder.resume}>
            <Play aria-hidden="true" /> Resume
          </Button>
        )}
        {active && (
          <>
            <Button onClick={recorder.stop}>
              <CircleStop aria-hidden="true" /> Stop and save
            </Button>
            <Button variant="ghost" onClick={discard}>
              <Trash2 aria-hidden="true" /> Discard
            </Button>
          </>
        )}
      </div>
      {live.availability === 'cloud' && live.consent === null && !active && (
        <div className="grid gap-2 rounded-lg border border-border p-3 text-sm" data-testid="live-consent">
          <p>
            Your browser can show what you say as you speak, but to do so it sends your audio to its
            maker&rsquo;s servers (Google&rsquo;s, in Chrome). Use it?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => live.setConsent('yes')}>
              Use live transcript
            </Button>
            <Button size="sm" variant="ghost" onClick={() => live.setConsent('no')}>
              No, thanks
            </Button>
          </div>
        </div>
      )}
      <ConversationMark checked={conversation} onChange={setConversation} disabled={saving} />
      <SpeechFate id={fateId} live={live.enabled} onDevice={live.availability === 'on-device'} />
      {live.enabled && active && (
        <section aria-label="Live transcript" className="grid gap-1" data-testid="live-transcript">
          <h3 className="text-xs font-medium text-muted-foreground">
            Live transcript{live.availability === 'on-device' ? ' (on this device)' : ''}
          </h3>
          <p className="min-h-6 text-sm">
            {live.text.final} <span className="text-muted-foreground">{live.text.interim}</span>
          </p>
        </section>
      )}
      <div aria-live="polite" className="text-sm text-muted-foreground">
        {recorder.error && <p className="text-destructive">{recorder.error}</p>}
        {live.problem && <p className="text-destructive">{live.problem}</p>}
        {offline && (
          <p className="flex items-center gap-2 text-destructive">
            <WifiOff className="size-4" aria-hidden="true" /> Connection lost. Your recording is kept and will
            be sent when you are back online.
          </p>
        )}
        {saving && (
          <p className="flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {pending > 0 ? `Sending the last ${pending} part${pending === 1 ? '' : 's'}...` : 'Saving...'}
          </p>
        )}
      </div>
    </div>
  );
}
