import { FileText, type LucideIcon, Mic, Share2, Users, Video } from 'lucide-react';
import {
  isRoughTranscript,
  NOTE_KIND_LABELS,
  NOTE_STATUS_LABELS,
  type NoteKind,
  type NoteListItem,
  ROUGH_TRANSCRIPT_LABEL,
} from '#contract/studio.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { formatDuration } from '../../format.ts';

export const KIND_ICONS: Record<NoteKind, LucideIcon> = {
  voice: Mic,
  video: Video,
  text: FileText,
  post: Share2,
};

const STATUS_VARIANTS = {
  uploading: 'secondary',
  transcribing: 'secondary',
  needs_stt: 'outline',
  ready: 'accent',
  failed: 'destructive',
} as const;

/** "3:25" for audio and video, "120 words" for text. */
export function noteLength(note: Pick<NoteListItem, 'duration_ms' | 'word_count'>): string {
  if (note.duration_ms !== null) return formatDuration(note.duration_ms);
  return `${note.word_count.toLocaleString('en-US')} ${note.word_count === 1 ? 'word' : 'words'}`;
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Kind, status, speakers of a conversation (and whether "which one is you?" waits for an answer),
 * length and date of a note, as one line of badges and text.
 */
export function NoteMeta({ note }: { note: NoteListItem }) {
  const Icon = KIND_ICONS[note.kind];
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
      <span className="inline-flex items-center gap-1 font-medium text-foreground">
        <Icon className="size-3.5 text-primary" aria-hidden="true" />
        {NOTE_KIND_LABELS[note.kind]}
      </span>
      <Badge variant={STATUS_VARIANTS[note.status]} data-testid="note-status">
        {NOTE_STATUS_LABELS[note.status]}
      </Badge>
      {note.status === 'ready' && isRoughTranscript(note.transcript_engine) && (
        <Badge
          variant="outline"
          data-testid="rough-transcript"
          title={
            note.transcript_engine === 'browser'
              ? note.transcript_on_device
                ? 'Transcribed on your device by your browser as you spoke: check it against the recording.'
                : 'Transcribed by your browser as you spoke: check it against the recording.'
              : 'Transcribed offline by PocketSphinx: check it against the recording.'
          }
        >
          {ROUGH_TRANSCRIPT_LABEL}
        </Badge>
      )}
      {note.conversation && (
        <span className="inline-flex items-center gap-1" data-testid="conversation">
          <Users className="size-3.5" aria-hidden="true" />
          {note.conversation.speakers} speakers
          {!note.conversation.me_answered && (
            <Badge
              variant="outline"
              title="Open the note and say which speaker is you: until then it is not in your voice profile."
            >
              which one is you?
            </Badge>
          )}
        </span>
      )}
      {(note.status === 'ready' || note.duration_ms !== null) && <span>{noteLength(note)}</span>}
      <time dateTime={note.created_at}>{formatDate(note.created_at)}</time>
    </div>
  );
}
