import { ArrowLeft, Loader2, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { isRoughTranscript, type NoteDetail, type Sentence } from '#contract/studio.ts';
import { answerQuestionOf } from '#contract/studio-ask.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { errorCode } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { useFocusReturn } from '#web/lib/focus.ts';
import { formatDuration } from '../../format.ts';
import { useNote } from '../api.ts';
import { splitFillers } from '../highlight.ts';
import { turnsOf } from '../speaker-turns.ts';
import { NoteMeta } from './note-meta.tsx';
import { NoteTitle } from './note-title.tsx';
import { NoteTracks } from './note-tracks.tsx';
import { CorrectButton, SentenceCorrection } from './sentence-correction.tsx';
import { AddSpeakerButton, ConversationPanel, SpeakerAssign, SpeakerButton } from './speakers.tsx';
import { TranscriptCheckStep } from './transcript-check.tsx';
import { TranscriptEditor } from './transcript-editor.tsx';

const FILLER = 'text-muted-foreground italic';

/**
 * A sentence's words, with filler words ("um", "you know") de-emphasised but kept; a sentence that
 * is filler as a whole ("Yeah.", an abandoned start) is de-emphasised entirely.
 */
function SentenceText({ sentence }: { sentence: Sentence }) {
  if (sentence.filler)
    return (
      <span className={FILLER} data-filler="">
        {sentence.text}
      </span>
    );
  return splitFillers(sentence).map((part, i) =>
    part.hit ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence
      <span key={i} className={FILLER} data-filler="">
        {part.text}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence
      <span key={i}>{part.text}</span>
    ),
  );
}

const playable = (sentence: Sentence) => sentence.start_ms !== null && sentence.start_ms !== undefined;

/**
 * One note: its transcript sentence by sentence. For audio and video a sentence is a button that
 * plays from its start; the sentence being played, and the one a search hit named, stand out.
 */
export function NoteView({
  noteId,
  sentenceId,
  startMs,
  backLabel,
  onDelete,
  drafts,
}: {
  noteId: string;
  sentenceId: string | null;
  startMs: number | null;
  /** The back link's text ("All notes", or "Back to results" while a search is open). */
  backLabel: string;
  onDelete: (note: NoteDetail) => void;
  /**
   * What can be made of a ready note (the drafts room's, given by the page); `check`: a rough
   * transcript's quick read, shown before content is made from it while the owner has not read it.
   */
  drafts: (note: {
    noteId: string;
    spoken: boolean;
    timed: boolean;
    check: {
      needed: boolean;
      render: (step: { next: () => void; close: (after?: () => void) => void }) => ReactNode;
    };
  }) => ReactNode;
}) {
  const note = useNote(noteId);
  const media = useRef<HTMLMediaElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  // The sentence being corrected, and each sentence's Correct button (focus returns there).
  const [correcting, setCorrecting] = useState<string | null>(null);
  // The sentence whose speaker is being changed, in a conversation (focus returns to its button).
  const [assigning, setAssigning] = useState<string | null>(null);
  // The whole text open in the editor (split and join sentences); focus returns to its button.
  const [editingText, setEditingText] = useState(false);
  const focusReturn = useFocusReturn();
  const data = note.data;
  const sentences = data?.sentences ?? [];

  // Arriving at a note: focus its heading, or the sentence a search hit named (scrolled into view).
  const arrived = useRef<string | null>(null);
  useEffect(() => {
    if (!data || arrived.current === `${data.id}:${sentenceId}`) return;
    arrived.current = `${data.id}:${sentenceId}`;
    const target = sentenceId ? document.getElementById(`sentence-${sentenceId}`) : null;
    if (target) {
      target.scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
    } else {
      headingRef.current?.scrollIntoView({ block: 'nearest' });
      headingRef.current?.focus({ preventScroll: true });
    }
    const at = startMs ?? sentences.find((s) => s.id === sentenceId)?.start_ms ?? null;
    if (media.current && at !== null) media.current.currentTime = at / 1000;
  }, [data, sentenceId, startMs, sentences]);

  function playFrom(sentence: Sentence) {
    const element = media.current;
    if (!element || !playable(sentence)) return;
    element.currentTime = sentence.start_ms! / 1000;
    element.play().catch(() => {});
  }

  function onTimeUpdate() {
    const ms = (media.current?.currentTime ?? 0) * 1000;
    const current = sentences.findLast((s) => playable(s) && s.start_ms! <= ms);
    setPlayingId(current?.id ?? null);
  }

  const back = (
    <Link href="/studio" className={buttonClasses('ghost', 'sm', '-ml-3 justify-self-start')}>
      <ArrowLeft aria-hidden="true" /> {backLabel}
    </Link>
  );
  if (note.isPending)
    return (
      <div className="grid gap-3">
        {back}
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Opening the note...
        </p>
      </div>
    );
  if (!data)
    return (
      <div className="grid gap-3">
        {back}
        <Card className="text-sm text-muted-foreground" role="alert">
          {errorCode(note.error) === 'not_found' || /^404/.test(String(note.error?.message))
            ? 'This note does not exist, or was deleted.'
            : 'The note could not be loaded. Please try again.'}
        </Card>
      </div>
    );

  const isVideo = data.kind === 'video';
  const answeredQuestion = answerQuestionOf(data.source_url);
  const timed = data.media_url && sentences.some(playable);
  const correctable = data.status === 'ready' && data.register === 'spoken';
  const closeCorrection = (id: string) => {
    setCorrecting(null);
    focusReturn.returnTo(`correct:${id}`);
  };
  const closeAssign = (id: string) => {
    setAssigning(null);
    focusReturn.returnTo(`speaker:${id}`);
  };
  const conversation = data.speakers.length > 0;

  /** One sentence: played from, corrected, and in a conversation given to another speaker. */
  const sentenceItem = (sentence: Sentence, index: number, turnEnd: string) => {
    const target = sentence.id === sentenceId;
    const className = cn(
      'block w-full rounded-md px-2 py-1 text-left outline-offset-2',
      target && 'bg-accent/20 ring-2 ring-accent',
      playingId === sentence.id && 'bg-secondary',
    );
    if (correcting === sentence.id)
      return (
        <li key={sentence.id}>
          <SentenceCorrection
            noteId={data.id}
            sentence={sentence}
            position={index + 1}
            onDone={() => closeCorrection(sentence.id)}
          />
        </li>
      );
    if (assigning === sentence.id)
      return (
        <li key={sentence.id}>
          <SpeakerAssign
            note={data}
            sentence={sentence}
            position={index + 1}
            turnEnd={turnEnd}
            onDone={() => closeAssign(sentence.id)}
          />
        </li>
      );
    return (
      <li key={sentence.id} className="flex items-start gap-1">
        {timed && playable(sentence) ? (
          <button
            type="button"
            id={`sentence-${sentence.id}`}
            className={cn(className, 'hover:bg-muted')}
            onClick={() => playFrom(sentence)}
            aria-current={target ? 'true' : undefined}
            data-target={target || undefined}
          >
            <span className="sr-only">Play from {formatDuration(sentence.start_ms!)}: </span>
            <span aria-hidden="true" className="mr-2 font-mono text-xs text-muted-foreground tabular-nums">
              {formatDuration(sentence.start_ms!)}
            </span>
            <SentenceText sentence={sentence} />
          </button>
        ) : (
          <p
            id={`sentence-${sentence.id}`}
            tabIndex={target ? -1 : undefined}
            className={className}
            aria-current={target ? 'true' : undefined}
            data-target={target || undefined}
          >
            <SentenceText sentence={sentence} />
          </p>
        )}
        {conversation && data.status === 'ready' && (
          <SpeakerButton
            sentence={sentence}
            position={index + 1}
            onOpen={() => setAssigning(sentence.id)}
            buttonRef={focusReturn.ref(`speaker:${sentence.id}`)}
          />
        )}
        {correctable && (
          <CorrectButton
            sentence={sentence}
            position={index + 1}
            onOpen={() => setCorrecting(sentence.id)}
            buttonRef={focusReturn.ref(`correct:${sentence.id}`)}
          />
        )}
      </li>
    );
  };
  return (
    <article className="grid gap-4" aria-labelledby="note-heading" data-testid="note-view">
      <div className="flex items-center justify-between gap-2">
        {back}
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground hover:text-destructive"
          onClick={() => onDelete(data)}
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>
      <div className="grid gap-2">
        <NoteTitle noteId={data.id} title={data.title} headingRef={headingRef} />
        <NoteMeta note={data} />
        {answeredQuestion !== null ? (
          <p className="text-sm text-muted-foreground" data-testid="saved-answer-source">
            Saved from the answer to{' '}
            <Link
              href={`/studio?${new URLSearchParams({ ask: answeredQuestion })}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              “{answeredQuestion}”
            </Link>
            ; kept out of your voice profile.
          </p>
        ) : (
          data.source_url && (
            <a
              href={data.source_url}
              target="_blank"
              rel="noopener noreferrer"
              className="truncate text-sm text-primary underline-offset-4 hover:underline"
            >
              {data.source_url}
            </a>
          )
        )}
      </div>
      {data.media_url &&
        (isVideo ? (
          // biome-ignore lint/a11y/useMediaCaption: the transcript below is the text alternative
          <video
            ref={(el) => {
              media.current = el;
            }}
            src={data.media_url}
            controls
            preload="metadata"
            className="max-h-80 w-full rounded-lg bg-black"
            onTimeUpdate={onTimeUpdate}
            aria-label={`Video of ${data.title}`}
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: the transcript below is the text alternative
          <audio
            ref={(el) => {
              media.current = el;
            }}
            src={data.media_url}
            controls
            preload="metadata"
            className="w-full"
            onTimeUpdate={onTimeUpdate}
            aria-label={`Audio of ${data.title}`}
          />
        ))}
      {data.status === 'ready' && isRoughTranscript(data.transcript_engine) && (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="rough-notice">
          {data.transcript_engine === 'browser'
            ? data.transcript_on_device
              ? 'Your browser’s on-device recogniser transcribed this as you spoke.'
              : 'Your browser transcribed this as you spoke: a rough transcript.'
            : 'PocketSphinx transcribed this offline on this server: a rough transcript.'}{' '}
          Play a sentence to check what it heard, and correct it with its Correct button, or edit the whole
          text to split and join sentences; a speech-to-text server (STT_BASE_URL) gives a better one.
        </p>
      )}
      {data.status === 'ready' &&
        drafts({
          noteId: data.id,
          spoken: data.register === 'spoken',
          timed: data.sentences.some((s) => s.start_ms != null),
          check: {
            needed: Boolean(data.needs_review),
            render: ({ next, close }) => (
              <TranscriptCheckStep note={data} next={next} close={close} onFix={() => setEditingText(true)} />
            ),
          },
        })}
      {data.status_message && data.status !== 'ready' && (
        <p
          className={cn(
            'rounded-lg px-3 py-2 text-sm',
            data.status === 'failed'
              ? 'bg-destructive/10 text-destructive'
              : 'bg-muted text-muted-foreground',
          )}
        >
          {data.status_message}
        </p>
      )}
      {data.status === 'transcribing' || data.status === 'uploading' ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Echo is transcribing this note...
        </p>
      ) : null}
      <NoteTracks tracks={data.tracks} />
      {conversation && data.status === 'ready' && <ConversationPanel note={data} />}
      {editingText && (
        <TranscriptEditor
          note={data}
          onPlayAt={
            timed
              ? (offset) => {
                  // The sentence the caret is in, as the text was before this edit (close enough to hear it).
                  const at = sentences.findLast((s) => playable(s) && s.start_char <= offset);
                  if (at) playFrom(at);
                }
              : undefined
          }
          onDone={() => {
            setEditingText(false);
            focusReturn.returnTo('edit-whole-text');
          }}
        />
      )}
      {sentences.length > 0 && !editingText && (
        <section aria-label="Transcript" className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
              Transcript
            </h3>
            <div className="flex flex-wrap items-start gap-2">
              {data.status === 'ready' && (
                <Button
                  ref={focusReturn.ref('edit-whole-text')}
                  variant="outline"
                  size="sm"
                  onClick={() => setEditingText(true)}
                  data-testid="edit-whole-text"
                >
                  <Pencil aria-hidden="true" /> Edit the whole text
                </Button>
              )}
              {data.status === 'ready' && !conversation && <AddSpeakerButton note={data} />}
            </div>
          </div>
          {timed && <p className="text-xs text-muted-foreground">Choose a sentence to play from there.</p>}
          {conversation ? (
            <ol className="grid gap-3 text-base leading-relaxed" data-testid="transcript">
              {turnsOf(data).map((turn) => {
                const last = turn.sentences[turn.sentences.length - 1]!.sentence.id;
                const name = turn.speaker?.name ?? 'Nobody yet';
                return (
                  <li key={turn.sentences[0]!.sentence.id} className="grid gap-1" data-testid="turn">
                    <h4 className="px-2 text-sm font-semibold">
                      {name}
                      {turn.speaker?.me && <span className="font-normal text-muted-foreground"> (you)</span>}
                      {/* When the turn starts, for a transcript with times and nothing to play. */}
                      {!timed && playable(turn.sentences[0]!.sentence) && (
                        <>
                          {' '}
                          <span className="ml-1 font-mono text-xs font-normal text-muted-foreground tabular-nums">
                            {formatDuration(turn.sentences[0]!.sentence.start_ms!)}
                          </span>
                        </>
                      )}
                    </h4>
                    <ol className="grid gap-1" aria-label={`${name}'s turn`}>
                      {turn.sentences.map(({ sentence, position }) =>
                        sentenceItem(sentence, position - 1, last),
                      )}
                    </ol>
                  </li>
                );
              })}
            </ol>
          ) : (
            <ol className="grid gap-1 text-base leading-relaxed" data-testid="transcript">
              {sentences.map((sentence, index) => sentenceItem(sentence, index, sentence.id))}
            </ol>
          )}
        </section>
      )}
    </article>
  );
}
