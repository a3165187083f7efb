import { Loader2, UserPlus, UserRound, Users } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { CONVERSATION_LIMITS, type NoteDetail, type NoteSpeaker, type Sentence } from '#contract/studio.ts';
import { addSpeakerSchema, assignSpeakerSchema, speakerParamsSchema } from '#contract/studio-corrections.ts';
import { describedBy, InlineEditForm } from '#web/components/inline-edit-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FieldError } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useFocusReturn } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { type SpeakerEdit, useEditSpeakers, useVoice } from '../api.ts';
import { likelyMe } from '../speaker-turns.ts';
import { SentenceButton, type SentenceButtonFor } from './sentence-button.tsx';

function useSpeakerEdit(noteId: string) {
  const edit = useEditSpeakers(noteId);
  const [problem, setProblem] = useState<string | undefined>();
  const run = async (change: SpeakerEdit, done: string) => {
    setProblem(undefined);
    try {
      await edit.mutateAsync(change);
      toast({ title: done, description: 'Your voice profile and Ideas follow.' });
      return true;
    } catch (error) {
      setProblem(errorMessage(error, 'The change could not be saved. Please try again.'));
      return false;
    }
  };
  return { run, problem, pending: edit.isPending };
}

/** "This is me": one of the note's speakers (PATCH /notes/:id/speakers/:speakerId with `me`). */
const meSchema = speakerParamsSchema.pick({ speakerId: true });
/** A speaker's new name, as the server takes it (trimmed, not empty, not too long). */
const renameSchema = addSpeakerSchema.pick({ name: true });
/** Who said a sentence: one of the note's speakers, or someone new with their name. */
const assignSchema = z.discriminatedUnion('new', [
  z.object({ new: z.literal(false), speaker_id: assignSpeakerSchema.shape.speaker_id }),
  z.object({ new: z.literal(true), name: addSpeakerSchema.shape.name }),
]);

/**
 * "Which one is you?": asked until answered, preselected from the owner's byline; then who they are,
 * changeable, and each speaker's name. Until answered the note is kept out of the voice profile.
 */
export function ConversationPanel({ note }: { note: NoteDetail }) {
  const id = useId();
  const me = note.speakers.find((s) => s.me);
  const byline = useVoice(false).data?.byline;
  const { run, problem, pending } = useSpeakerEdit(note.id);
  // Until a speaker is chosen the field shows who they are, or else the one the byline names.
  const shown = (chosen: string) => chosen || me?.id || likelyMe(note.speakers, byline);
  const { values, field, handleSubmit, formRef } = useZodForm(
    meSchema,
    { speakerId: '' },
    { toInput: (v) => ({ speakerId: shown(v.speakerId) }) },
  );
  const choice = shown(values.speakerId);

  // The button is enabled only for another speaker: there is nothing to say when none is chosen.
  const answer = handleSubmit(
    ({ speakerId }) => {
      if (speakerId === me?.id) return;
      const name = note.speakers.find((s) => s.id === speakerId)?.name ?? '';
      void run({ kind: 'update', speakerId, body: { me: true } }, `You are ${name} in this conversation`);
    },
    () => {},
  );

  return (
    <Card className="grid gap-3" data-testid="conversation-panel">
      <h3 className="flex items-center gap-2 text-base font-semibold" id={`${id}-heading`}>
        <Users className="size-4" aria-hidden="true" />
        {me ? `A conversation of ${note.speakers.length}: you are ${me.name}` : 'Which one is you?'}
      </h3>
      {!me && (
        <p className="text-sm text-muted-foreground" id={`${id}-why`}>
          Echo learns your voice only from your own turns. Until you say which speaker is you, this
          conversation is kept out of your voice profile and Ideas.
        </p>
      )}
      <form
        ref={formRef}
        className="flex flex-wrap items-end gap-2"
        onSubmit={answer}
        aria-labelledby={`${id}-heading`}
      >
        <div className="grid min-w-48 flex-1 gap-1">
          <label htmlFor={`${id}-me`} className="text-sm font-medium">
            {me ? 'You are' : 'This is me'}
          </label>
          <Select
            id={`${id}-me`}
            placeholder="Choose a speaker"
            {...field('speakerId')}
            value={choice}
            aria-describedby={!me ? `${id}-why` : undefined}
            data-testid="which-one-is-you"
          >
            {note.speakers.map((speaker) => (
              <option key={speaker.id} value={speaker.id}>
                {speaker.name}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={pending || !choice || choice === me?.id}>
          {pending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <UserRound aria-hidden="true" />
          )}
          {me ? 'Change' : 'This is me'}
        </Button>
      </form>
      <FieldError id={`${id}-problem`} message={problem} />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Rename speakers</summary>
        <ul className="mt-2 grid gap-2">
          {note.speakers.map((speaker, i) => (
            <li key={speaker.id}>
              <RenameSpeaker noteId={note.id} speaker={speaker} position={i + 1} />
            </li>
          ))}
        </ul>
      </details>
    </Card>
  );
}

function RenameSpeaker({
  noteId,
  speaker,
  position,
}: {
  noteId: string;
  speaker: NoteSpeaker;
  position: number;
}) {
  const id = useId();
  const { run, problem, pending } = useSpeakerEdit(noteId);
  const { values, field, reset, handleSubmit, formRef } = useZodForm(renameSchema, { name: speaker.name });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field follows the name the note has now.
  useEffect(() => reset({ name: speaker.name }), [speaker.name]);
  const value = values.name.trim();
  // The button is enabled only for a new name: there is nothing to say when the schema refuses.
  const rename = handleSubmit(
    ({ name }) => {
      if (name !== speaker.name)
        void run({ kind: 'update', speakerId: speaker.id, body: { name } }, 'Speaker renamed');
    },
    () => {},
  );
  return (
    <form ref={formRef} className="grid gap-1" onSubmit={rename}>
      <label htmlFor={id} className="text-xs text-muted-foreground">
        Speaker {position}
        {speaker.label && speaker.label !== speaker.name ? ` (in the transcript: ${speaker.label})` : ''}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          autoComplete="off"
          maxLength={CONVERSATION_LIMITS.labelMaxChars}
          {...field('name')}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <Button type="submit" variant="outline" disabled={pending || !value || value === speaker.name}>
          Rename<span className="sr-only"> speaker {position}</span>
        </Button>
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
    </form>
  );
}

/** The button that opens "who said this?" for a sentence. */
export const SpeakerButton = (props: SentenceButtonFor) => (
  <SentenceButton
    {...props}
    icon={UserRound}
    text="Speaker"
    label="Speaker of sentence"
    testId="change-speaker"
  />
);

const NEW_SPEAKER = 'new';

/**
 * Who said this sentence: a speaker of the note, or someone new (a turn split), for this sentence
 * alone or to the end of its turn. Escape cancels; focus goes back to the sentence's button.
 */
export function SpeakerAssign({
  note,
  sentence,
  position,
  turnEnd,
  onDone,
}: {
  note: NoteDetail;
  sentence: Sentence;
  position: number;
  /** The last sentence of the turn this one is in. */
  turnEnd: string;
  onDone: () => void;
}) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // The checkbox is no text field: it stays beside the form's fields.
  const [rest, setRest] = useState(false);
  const { run, problem, pending } = useSpeakerEdit(note.id);
  useEffect(() => select.current?.focus(), []);

  return (
    <InlineEditForm
      schema={assignSchema}
      initial={{ speaker_id: sentence.speaker_id ?? '', name: '' }}
      options={{
        toInput: (v) =>
          v.speaker_id === NEW_SPEAKER
            ? { new: true, name: v.name }
            : { new: false, speaker_id: v.speaker_id },
      }}
      onSave={async (who) => {
        const to = rest ? turnEnd : undefined;
        const saved = who.new
          ? await run({ kind: 'add', body: { name: who.name, from: sentence.id, to } }, `${who.name} added`)
          : who.speaker_id === sentence.speaker_id && !rest
            ? true
            : await run(
                { kind: 'assign', body: { speaker_id: who.speaker_id, from: sentence.id, to } },
                `Said by ${note.speakers.find((s) => s.id === who.speaker_id)?.name ?? 'them'}`,
              );
        if (saved) onDone();
      }}
      onCancel={onDone}
      fieldId={`${id}-speaker`}
      label={`Who said sentence ${position}?`}
      before={<p className="text-sm">{sentence.text}</p>}
      problem={({ errors }) => errors.speaker_id ?? problem}
      pending={pending}
      testId="speaker-assign"
    >
      {({ values, errors, field }) => (
        <>
          <Select
            ref={select}
            id={`${id}-speaker`}
            {...field('speaker_id')}
            aria-describedby={describedBy(`${id}-speaker`, { problem: errors.speaker_id ?? problem })}
          >
            {note.speakers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.me ? ' (you)' : ''}
              </option>
            ))}
            {note.speakers.length < CONVERSATION_LIMITS.speakersPerNote && (
              <option value={NEW_SPEAKER}>Someone new…</option>
            )}
          </Select>
          {values.speaker_id === NEW_SPEAKER && (
            <NameField id={`${id}-name`} label="Their name" field={field('name')} problem={errors.name} />
          )}
          {turnEnd !== sentence.id && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={rest} onChange={(event) => setRest(event.target.checked)} />
              And the rest of this turn
            </label>
          )}
        </>
      )}
    </InlineEditForm>
  );
}

/** A speaker's name: a labelled field with its own problem. */
function NameField({
  id,
  label,
  field,
  problem,
}: {
  id: string;
  label: string;
  field: ComponentProps<typeof Input>;
  problem: string | undefined;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        autoComplete="off"
        aria-required="true"
        maxLength={CONVERSATION_LIMITS.labelMaxChars}
        {...field}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <FieldError id={`${id}-problem`} message={problem} />
    </div>
  );
}

/** Someone else in a solo note: their name and the sentences they said, first to last. */
const addToSoloSchema = addSpeakerSchema.required({ from: true });

/**
 * "This was a conversation — add a speaker": a solo note becomes a conversation. The owner stays
 * the speaker of every sentence but the run the new speaker said (more runs are given afterwards
 * with each sentence's Speaker button). Escape cancels; focus goes back to the button.
 */
export function AddSpeakerButton({ note }: { note: NoteDetail }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const focusReturn = useFocusReturn();
  const nameField = useRef<HTMLInputElement>(null);
  const { run, problem, pending } = useSpeakerEdit(note.id);
  const close = () => {
    setOpen(false);
    focusReturn.returnTo('add-speaker');
  };
  useEffect(() => {
    if (open) nameField.current?.focus();
  }, [open]);
  if (!open)
    return (
      <Button
        ref={focusReturn.ref('add-speaker')}
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-expanded={false}
        data-testid="add-speaker"
      >
        <UserPlus aria-hidden="true" /> This was a conversation — add a speaker
      </Button>
    );
  const first = note.sentences[0]?.id ?? '';
  const sentenceOption = (s: Sentence, i: number) => (
    <option key={s.id} value={s.id}>
      {i + 1}. {s.text.length > 60 ? `${s.text.slice(0, 59)}…` : s.text}
    </option>
  );
  return (
    <InlineEditForm
      schema={addToSoloSchema}
      initial={{ name: '', from: first, to: first }}
      onSave={async ({ name, from, to }) => {
        const saved = await run(
          { kind: 'add', body: { name, from, to } },
          `${name} added; you are the other speaker`,
        );
        if (saved) setOpen(false);
      }}
      onCancel={close}
      fieldId={`${id}-name`}
      label="Who else spoke?"
      labelFor={false}
      hint="You become the first speaker of this note, with every sentence but theirs. Echo then learns your voice only from your own sentences."
      problem={() => problem}
      pending={pending}
      saveLabel="Add the speaker"
      testId="add-speaker-form"
      className="w-full"
    >
      {({ field, errors }) => (
        <>
          <NameField
            id={`${id}-name`}
            label="Their name"
            field={{ ...field('name'), ref: nameField }}
            problem={errors.name}
          />
          <div className="grid gap-2 sm:grid-cols-2">
            {(
              [
                ['from', 'First sentence they said'],
                ['to', 'Last sentence they said'],
              ] as const
            ).map(([end, label]) => (
              <div key={end} className="grid gap-1">
                <label htmlFor={`${id}-${end}`} className="text-sm font-medium">
                  {label}
                </label>
                <Select id={`${id}-${end}`} {...field(end)}>
                  {note.sentences.map(sentenceOption)}
                </Select>
              </div>
            ))}
          </div>
        </>
      )}
    </InlineEditForm>
  );
}
