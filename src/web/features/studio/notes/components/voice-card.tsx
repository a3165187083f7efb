import { AudioLines, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { type NoteRegister, STUDIO_LIMITS } from '#contract/studio.ts';
import { basedOnSentence, type RegisterProfile, type VoiceProfile } from '#contract/studio-voice.ts';
import { Card, CardDescription } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useUpdateVoice, useVoice } from '../api.ts';
import { BylineField } from './byline-field.tsx';
import { type LengthBin, LengthChart } from './length-chart.tsx';
import { PhraseList } from './phrase-list.tsx';

/** Bins by inclusive upper bound ([5, 10, 15]): "1-5", "6-10", "11-15", "16+". */
function lengthBins(profile: RegisterProfile): LengthBin[] {
  const { bins, histogram, typical } = profile.sentence_length;
  return histogram.map((share, i) => {
    const from = i === 0 ? 1 : bins[i - 1]! + 1;
    const to = bins[i];
    return {
      label: to === undefined ? `${from}+` : to === from ? String(from) : `${from}-${to}`,
      you: share,
      typical: typical[i] ?? 0,
    };
  });
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const oneDecimal = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));

function Habits({ profile }: { profile: RegisterProfile }) {
  const { habits } = profile;
  const rows: { term: string; value: string; unit: string }[] = [
    { term: 'Questions', value: percent(habits.question_rate), unit: 'of sentences' },
    { term: 'Exclamations', value: percent(habits.exclamation_rate), unit: 'of sentences' },
    { term: 'First person', value: percent(habits.first_person_rate), unit: 'of words' },
    { term: 'Emoji', value: oneDecimal(habits.emoji_per_100_words), unit: 'per 100 words' },
    { term: 'Hashtags', value: oneDecimal(habits.hashtags_per_100_words), unit: 'per 100 words' },
    { term: 'Reading grade', value: oneDecimal(habits.readability_grade), unit: 'Flesch-Kincaid' },
  ];
  const openers = habits.openers.slice(0, 3);
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold">Habits</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="habits">
        {rows.map(({ term, value, unit }) => (
          <div key={term} className="grid gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="grid">
              <span className="text-lg font-bold leading-tight">{value}</span>
              <span className="text-xs text-muted-foreground">{unit}</span>
            </dd>
          </div>
        ))}
      </dl>
      {openers.length > 0 && (
        <p className="text-sm text-muted-foreground">
          You often start with{' '}
          {openers.map((opener, i) => (
            <span key={opener.text}>
              {i > 0 && (i === openers.length - 1 ? ' and ' : ', ')}
              <q className="font-medium text-foreground">{opener.text}</q>
            </span>
          ))}
          .
        </p>
      )}
    </div>
  );
}

function RegisterView({ profile }: { profile: RegisterProfile }) {
  const phrases = profile.signature_phrases.slice(0, 10);
  return (
    <div className="grid gap-5">
      <p className="text-sm">
        Your sentences average{' '}
        <span className="font-semibold">{profile.sentence_length.mean.toFixed(1)} words</span> (median{' '}
        {oneDecimal(profile.sentence_length.median)}){' · '}
        {profile.words_per_paragraph.toFixed(0)} words per paragraph
      </p>
      {profile.sentence_length.histogram.length > 0 && (
        <LengthChart
          bins={lengthBins(profile)}
          caption="Sentence length in words, you against typical writing"
        />
      )}
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Signature phrases</h3>
        {phrases.length === 0 ? (
          <p className="text-sm text-muted-foreground">None stands out yet. More notes will show them.</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" data-testid="signature-phrases">
            {phrases.map((p) => (
              <li
                key={p.phrase}
                className="rounded-full bg-secondary px-2.5 py-1 text-sm text-secondary-foreground"
              >
                “{p.phrase}”{' '}
                <span className="text-xs text-muted-foreground">
                  ×{p.count}
                  <span className="sr-only">
                    , in {p.notes} {p.notes === 1 ? 'note' : 'notes'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Habits profile={profile} />
    </div>
  );
}

const REGISTER_LABELS: Record<NoteRegister, string> = { spoken: 'Spoken', written: 'Written' };

/** The voice profile as a card readable at a glance, with pinned phrases and banned words. */
export function VoiceCard({ refreshing }: { refreshing: boolean }) {
  const voice = useVoice(refreshing);
  const update = useUpdateVoice();
  const [chosen, setChosen] = useState<NoteRegister | null>(null);
  const profile: VoiceProfile | undefined = voice.data;
  const registers = (['spoken', 'written'] as const).filter((r) => profile?.[r]);
  const fallback =
    registers.length === 2 && (profile?.written?.words ?? 0) > (profile?.spoken?.words ?? 0)
      ? 'written'
      : registers[0];
  const register = chosen && registers.includes(chosen) ? chosen : fallback;
  const shown = register ? profile?.[register] : null;

  const save = (input: { pins?: string[]; bans?: string[]; byline?: string }) =>
    update.mutateAsync(input).catch((error) => {
      toast({
        variant: 'destructive',
        title: 'Failed to save your voice settings',
        description: errorMessage(error, 'Please try again.'),
      });
      throw error;
    });

  return (
    <Card className="grid gap-5 p-4 sm:p-6" data-testid="voice-card">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <AudioLines className="size-5 text-primary" aria-hidden="true" /> Your voice
        </h2>
        {profile && (
          <CardDescription className="mt-1" data-testid="based-on">
            {basedOnSentence(profile.based_on)}
          </CardDescription>
        )}
      </div>
      {voice.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Reading your voice...
        </p>
      ) : !profile ? (
        <p className="text-sm text-destructive">Your voice profile could not be loaded.</p>
      ) : (
        <>
          {profile.summary && profile.summary !== basedOnSentence(profile.based_on) && (
            <p className="text-sm leading-relaxed">{profile.summary}</p>
          )}
          {registers.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Echo learns how you speak and write from your notes. Record or write your first one.
            </p>
          ) : registers.length === 2 ? (
            <Tabs value={register} onValueChange={(value) => setChosen(value as NoteRegister)}>
              <TabsList aria-label="Voice profile">
                {registers.map((r) => (
                  <TabsTrigger key={r} value={r}>
                    {REGISTER_LABELS[r]}
                  </TabsTrigger>
                ))}
              </TabsList>
              {registers.map((r) => (
                <TabsContent key={r} value={r} className="mt-5">
                  <RegisterView profile={profile[r]!} />
                </TabsContent>
              ))}
            </Tabs>
          ) : (
            <>
              <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                {REGISTER_LABELS[register!]} voice
              </p>
              {shown && <RegisterView profile={shown} />}
            </>
          )}
          <div className="grid gap-5 border-t border-border pt-5">
            <BylineField
              key={profile.byline ?? ''}
              byline={profile.byline}
              saving={update.isPending}
              onSave={(byline) => save({ byline })}
            />
            <PhraseList
              label="Pinned phrases"
              hint="Phrases Echo should keep using when it writes for you."
              placeholder="e.g. here's the thing"
              items={profile.pins}
              max={STUDIO_LIMITS.pinsMax}
              saving={update.isPending}
              onChange={(pins) => save({ pins })}
            />
            <PhraseList
              label="Banned words"
              hint="Words Echo must never write for you (never write “synergy”)."
              placeholder="e.g. synergy"
              items={profile.bans}
              max={STUDIO_LIMITS.bansMax}
              saving={update.isPending}
              onChange={(bans) => save({ bans })}
              chipClassName="bg-destructive/10 text-destructive"
            />
          </div>
        </>
      )}
    </Card>
  );
}
