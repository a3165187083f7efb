import { AudioLines, Info } from 'lucide-react';
import { SPEECH_FATE } from '#contract/studio.ts';
import { useSpeechEngine } from '../api.ts';

/**
 * Said before the user starts (Record, Upload): what will happen to their speech on this install.
 * `id` lets the start button point at it (aria-describedby).
 */
export function SpeechFate({
  id,
  live = false,
  onDevice = false,
}: {
  id: string;
  live?: boolean;
  /** The browser recognises on-device: its transcript is kept over PocketSphinx's. */
  onDevice?: boolean;
}) {
  const server = useSpeechEngine();
  if (!server) return <p id={id} className="sr-only" />;
  // Without a server engine the browser's own recognition (when on) makes the transcript, and
  // against PocketSphinx when it hears on-device.
  const engine =
    (server === 'none' && live) || (server === 'pocketsphinx' && live && onDevice) ? 'browser' : server;
  const Icon = engine === 'none' ? Info : AudioLines;
  return (
    <p
      id={id}
      data-testid="speech-fate"
      data-engine={engine}
      className={
        engine === 'none'
          ? 'flex items-start gap-2 rounded-lg border border-border bg-muted px-3 py-2 text-sm text-foreground'
          : 'flex items-start gap-2 text-sm text-muted-foreground'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>{SPEECH_FATE[engine]}</span>
    </p>
  );
}
