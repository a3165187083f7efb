import { Loader2, MessageCircleQuestion, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { z } from 'zod';
import {
  type AskCitation,
  type AskGroup,
  type AskResponse,
  type AskSentence,
  askRequestSchema,
} from '#contract/studio-ask.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { formatDuration } from '../../format.ts';
import { noteHref } from '../../links.ts';
import { formatDate } from '../../notes/components/note-meta.tsx';
import { useAnswer } from '../api.ts';
import { AnswerActions } from './answer-actions.tsx';

const askFormSchema = z.object({ question: askRequestSchema.shape.question });

/** The speaker's name before a sentence said by someone in a conversation. */
const Said = ({ sentence, className }: { sentence: AskSentence; className?: string }) => (
  <span className={className}>
    {sentence.speaker && <span className="font-medium">{sentence.speaker}: </span>}
    {sentence.text}
  </span>
);

function Citation({ group, citation, n }: { group: AskGroup; citation: AskCitation; n: number }) {
  return (
    <li id={`answer-${citation.id}`} className="grid gap-1">
      <blockquote className="border-l-2 border-primary/60 pl-3 text-sm leading-relaxed">
        {citation.before && <Said sentence={citation.before} className="text-muted-foreground" />}{' '}
        <Said sentence={citation} className="font-medium text-foreground" />{' '}
        {citation.after && <Said sentence={citation.after} className="text-muted-foreground" />}
      </blockquote>
      <Link
        href={noteHref(group.note_id, { sentenceId: citation.id, ms: citation.start_ms })}
        className="justify-self-start pl-3 text-xs font-medium text-primary underline-offset-4 hover:underline"
        data-testid="answer-citation"
      >
        [{n}] Open {group.note_title ? `“${group.note_title}”` : 'the note'} at this sentence
        {citation.start_ms !== null && ` (${formatDuration(citation.start_ms)})`}
      </Link>
    </li>
  );
}

/** The lead line of an answer: what it is made of, when that is not obvious. */
function leadOf(answer: AskResponse): string | null {
  const first = answer.groups[0];
  if (!first) return null;
  if (answer.intent === 'first')
    return `You first talked about this on ${formatDate(first.created_at)}, in “${first.note_title || 'Untitled note'}”.`;
  if (answer.intent === 'across')
    return `From ${answer.groups.length} ${answer.groups.length === 1 ? 'note' : 'notes'}, newest first.`;
  return null;
}

function Answer({ answer, headingId }: { answer: AskResponse; headingId: string }) {
  const numbers = new Map(answer.groups.flatMap((g) => g.citations).map((c, i) => [c.id, i + 1]));
  if (!answer.found)
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium">{answer.message}</p>
        {answer.closest.length > 0 && (
          <>
            <p className="text-sm text-muted-foreground">The closest notes:</p>
            <ul className="grid gap-1" aria-label="Closest notes">
              {answer.closest.map((note) => (
                <li key={note.note_id}>
                  <Link
                    href={noteHref(note.note_id)}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {note.note_title || 'Untitled note'}
                  </Link>{' '}
                  <time dateTime={note.created_at} className="text-xs text-muted-foreground">
                    {formatDate(note.created_at)}
                  </time>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  const lead = leadOf(answer);
  return (
    <div className="grid gap-4">
      {answer.written && answer.written.sentences.length > 0 && (
        <div className="grid gap-1">
          <p className="text-sm leading-relaxed" data-testid="written-answer">
            {answer.written.sentences.map((sentence) => (
              <span key={sentence.text}>
                {sentence.text}
                {sentence.sources.map((id) => (
                  <a
                    key={id}
                    href={`#answer-${id}`}
                    className="ml-0.5 align-super text-xs text-primary"
                    aria-label={`source ${numbers.get(id) ?? ''}`}
                  >
                    [{numbers.get(id) ?? '?'}]
                  </a>
                ))}{' '}
              </span>
            ))}
          </p>
          {answer.written.dropped > 0 && (
            <p className="text-xs text-muted-foreground">
              {answer.written.dropped === 1
                ? 'One sentence the model wrote was left out: your notes do not say it.'
                : `${answer.written.dropped} sentences the model wrote were left out: your notes do not say them.`}
            </p>
          )}
        </div>
      )}
      {answer.written_note && <p className="text-xs text-muted-foreground">{answer.written_note}</p>}
      {lead && <p className="text-sm">{lead}</p>}
      <div className="grid gap-4">
        {answer.groups.map((group) => (
          <section
            key={group.note_id}
            aria-label={group.note_title || 'Untitled note'}
            className="grid gap-2"
          >
            <h4 className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
              {group.note_title || 'Untitled note'}
              <time dateTime={group.created_at} className="text-xs font-normal text-muted-foreground">
                {formatDate(group.created_at)}
              </time>
            </h4>
            <ol className="grid gap-3">
              {group.citations.map((citation) => (
                <Citation key={citation.id} group={group} citation={citation} n={numbers.get(citation.id)!} />
              ))}
            </ol>
          </section>
        ))}
      </div>
      <AnswerActions key={answer.question} answer={answer} headingId={headingId} />
    </div>
  );
}

/**
 * Ask your notes: a question in plain words, answered with the owner's own sentences, each cited
 * and opening its note at that sentence. `asked` is kept by the page, so the answer is still there
 * after a cited note was opened and closed.
 */
export function AskPanel({ asked, onAsk }: { asked: string; onAsk: (question: string) => void }) {
  const id = useId();
  const answer = useAnswer(asked);
  const { field, errors, handleSubmit, formRef, reset } = useZodForm(askFormSchema, { question: asked });
  const submit = handleSubmit(({ question }) => onAsk(question));
  const errorId = `${id}-error`;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-3 rounded-xl border border-border bg-card p-4"
    >
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold">
        <MessageCircleQuestion className="size-4 text-primary" aria-hidden="true" /> Ask your notes
      </h3>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-label="Ask your notes"
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto]"
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-q`} className="sr-only">
            Your question
          </Label>
          <Input
            id={`${id}-q`}
            placeholder="How much did the big client pay?"
            autoComplete="off"
            {...field('question')}
            aria-describedby={errors.question ? errorId : undefined}
          />
          {errors.question && <FieldError id={errorId} message={errors.question} />}
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={answer.isFetching}>
            {answer.isFetching ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Ask
          </Button>
          {asked && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                reset({ question: '' });
                onAsk('');
              }}
            >
              <X aria-hidden="true" /> Clear
            </Button>
          )}
        </div>
      </form>
      <div aria-live="polite" aria-busy={answer.isFetching} className="grid gap-3">
        {asked &&
          (answer.isError ? (
            <p className="text-sm text-destructive">
              {errorMessage(answer.error, 'Asking failed. Please try again.')}
            </p>
          ) : answer.data ? (
            <Answer answer={answer.data} headingId={`${id}-heading`} />
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Reading your notes...
            </p>
          ))}
      </div>
    </section>
  );
}
