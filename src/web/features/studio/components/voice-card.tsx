import { AudioLines, Loader2 } from 'lucide-react';
import { useState } from 'react';
import {
  basedOnSentence,
  type NoteRegister,
  type RegisterProfile,
  STUDIO_LIMITS,
  type VoiceProfile,
} from '#contract/studio.ts';
import { Card, CardDescription } from '#web/components/ui/card.tsx';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useUpdateVoice, useVoice } from '../api.ts';
import { type LengthBin, LengthChart } from './length-chart.tsx';
import { PhraseList } from './phrase-list.tsx';

const binLabel = (bin: { from: number; to: number | null }) =>
  bin.to === null ? `${bin.from}+` : bin.to - 1 <= bin.from ? String(bin.from) : `${bin.from}-${bin.to - 1}`;

function lengthBins(profile: RegisterProfile): LengthBin[] {
  const { histogram, typical } = profile.sentence_length;
  return histogram.map((bin, i) => ({
    label: binLabel(bin),
    you: bin.share,
    typical: typical.find((t) => t.from === bin.from)?.share ?? typical[i]?.share ?? 0,
  }));
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const per100 = (rate: number) => (rate >= 10 ? rate.toFixed(0) : rate.toFixed(1));

function Habits({ profile }: { profile: RegisterProfile }) {
  const { habits } = profile;
  const rows: [string, string][] = [
    ['Questions', `${percent(habits.question_rate)} of sentences`],
    ['Exclamations', `${percent(habits.exclamation_rate)} of sentences`],
    ['Emoji', `${per100(habits.emoji_rate)} per 100 words`],
    ['First person', `${per100(habits.first_person_rate)} per 100 words`],
    ['Hashtags', `${per100(habits.hashtag_rate)} per 100 words`],
    ['Reading grade', habits.readability_grade.toFixed(1)],
  ];
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold">Habits</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="habits">
        {rows.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-sm font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {habits.openers.length > 0 && (
        <p className="text-sm text-muted-foreground">
          You often start with{' '}
          {habits.openers.slice(0, 3).map((opener, i) => (
            <span key={opener.phrase}>
              {i > 0 && (i === Math.min(3, habits.openers.length) - 1 ? ' and ' : ', ')}
              <q className="font-medium text-foreground">{opener.phrase}</q>
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
        <span className="font-semibold">{profile.sentence_length.mean.toFixed(1)} words</span>
        {' · '}
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
                “{p.phrase}” <span className="text-xs text-muted-foreground">×{p.count}</span>
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

  const save = (input: { pins?: string[]; bans?: string[] }) =>
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
          {profile.summary && <p className="text-sm leading-relaxed">{profile.summary}</p>}
          {registers.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Echo learns how you speak and write from your notes. Record or write your first one.
            </p>
          ) : (
            <>
              {registers.length === 2 && (
                <Tabs value={register} onValueChange={(value) => setChosen(value as NoteRegister)}>
                  <TabsList aria-label="Voice profile">
                    {registers.map((r) => (
                      <TabsTrigger key={r} value={r}>
                        {REGISTER_LABELS[r]}
                      </TabsTrigger>
                    ))}
                  </TabsList>
                </Tabs>
              )}
              {registers.length === 1 && (
                <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                  {REGISTER_LABELS[register!]} voice
                </p>
              )}
              {shown && <RegisterView profile={shown} />}
            </>
          )}
          <div className="grid gap-5 border-t border-border pt-5">
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
