import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  connectBlueskySchema,
  createSlotSchema,
  PLATFORM_LABELS,
  type PublishAccount,
  startOauthSchema,
  WEEKDAY_LABELS,
} from '#contract/publishing.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import {
  useAccounts,
  useAddSlot,
  useConnectBluesky,
  useDeleteSlot,
  useDisconnect,
  useSlots,
  useStartOauth,
} from '../api.ts';
import { Problem } from './problem.tsx';
import { Calendar } from './publishing-calendar.tsx';

const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const STATUS_LABEL: Record<PublishAccount['status'], string> = {
  connected: 'Connected',
  reconnect: 'Reconnect',
  disconnected: 'Disconnected',
};

/** The first message of a form's fields, in their order. */
const firstMessage = (errors: Partial<Record<string, string>>) => Object.values(errors).find(Boolean);

const blueskySchema = connectBlueskySchema.pick({ handle: true, app_password: true });
const mastodonSchema = startOauthSchema.pick({ instance: true });

/** Asked before disconnecting: what goes (scheduled posts) and what stays (live posts). */
export const disconnectQuestion = (platform: string, handle: string) =>
  `Disconnect ${platform} ${handle}? Its scheduled posts are cancelled; posts already published stay on ${platform}.`;

function Accounts() {
  const accounts = useAccounts();
  const bluesky = useConnectBluesky();
  const oauth = useStartOauth();
  const disconnect = useDisconnect();
  // What a form found wrong before asking the server (the server's words), shown until the next try.
  const [blueskyProblem, setBlueskyProblem] = useState<string>();
  const [oauthProblem, setOauthProblem] = useState<string>();
  const bsky = useZodForm(blueskySchema, { handle: '', app_password: '' });
  const masto = useZodForm(mastodonSchema, { instance: '' });
  const connected = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get(
    'connected',
  );

  // Sent as typed (the server trims); emptied once connected.
  const connectBluesky = bsky.handleSubmit(
    () => {
      setBlueskyProblem(undefined);
      bluesky.mutate(bsky.values, { onSuccess: () => bsky.reset() });
    },
    (errors) => {
      bluesky.reset();
      setBlueskyProblem(firstMessage(errors));
    },
  );
  const connectMastodon = masto.handleSubmit(
    () => go('mastodon', masto.values.instance),
    (errors) => {
      oauth.reset();
      setOauthProblem(firstMessage(errors));
    },
  );
  const go = (platform: 'mastodon' | 'x' | 'linkedin', instanceUrl?: string) => {
    setOauthProblem(undefined);
    oauth.mutate(
      { platform, ...(instanceUrl && { instance: instanceUrl }) },
      { onSuccess: ({ authorize_url }) => window.location.assign(authorize_url) },
    );
  };
  const offers = accounts.data?.platforms ?? [];

  return (
    <Card className="grid gap-4" aria-labelledby="accounts-heading">
      <div className="grid gap-1">
        <CardTitle id="accounts-heading">Accounts</CardTitle>
        <CardDescription>
          Echo keeps your tokens and app passwords encrypted and never shows them again.
        </CardDescription>
      </div>
      {connected && (
        <p role="status" className="text-sm">
          {connected === 'mastodon' || connected === 'x' || connected === 'linkedin'
            ? `${PLATFORM_LABELS[connected]} account connected.`
            : 'The account was not connected (the authorization expired or was declined). Try again.'}
        </p>
      )}
      {(accounts.data?.accounts.length ?? 0) > 0 && (
        <ul className="grid gap-2">
          {accounts.data!.accounts.map((account) => (
            <li
              key={account.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
            >
              <div className="grid gap-1 text-sm">
                <span className="font-medium">
                  {PLATFORM_LABELS[account.platform]} {account.handle}
                </span>
                {account.status === 'reconnect' && (
                  <span className="text-destructive">
                    The platform refused Echo's access: connect the account again. Its scheduled posts wait.
                  </span>
                )}
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={account.status === 'connected' ? 'secondary' : 'destructive'}>
                  {STATUS_LABEL[account.status]}
                </Badge>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    if (window.confirm(disconnectQuestion(PLATFORM_LABELS[account.platform], account.handle)))
                      disconnect.mutate(account.id);
                  }}
                  disabled={disconnect.isPending}
                >
                  Disconnect<span className="sr-only"> {account.handle}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <form
          ref={bsky.formRef}
          onSubmit={connectBluesky}
          className="grid content-start gap-2"
          aria-labelledby="bsky-heading"
        >
          <h4 id="bsky-heading" className="text-sm font-semibold">
            Bluesky
          </h4>
          <Label htmlFor="bsky-handle">Handle</Label>
          <Input
            id="bsky-handle"
            placeholder="you.bsky.social"
            autoComplete="username"
            required
            {...bsky.field('handle')}
          />
          <Label htmlFor="bsky-password">App password</Label>
          <Input
            id="bsky-password"
            type="password"
            autoComplete="off"
            required
            {...bsky.field('app_password')}
          />
          <p className="text-xs text-muted-foreground">
            Make one in Bluesky: Settings, Privacy and security, App passwords.
          </p>
          <Button type="submit" size="sm" disabled={bluesky.isPending}>
            Connect Bluesky
          </Button>
          <Problem error={bluesky.error} message={blueskyProblem} />
        </form>
        <form
          ref={masto.formRef}
          onSubmit={connectMastodon}
          className="grid content-start gap-2"
          aria-labelledby="masto-heading"
        >
          <h4 id="masto-heading" className="text-sm font-semibold">
            Mastodon
          </h4>
          <Label htmlFor="masto-instance">Your instance</Label>
          <Input id="masto-instance" {...masto.field('instance')} placeholder="mastodon.social" required />
          <Button type="submit" size="sm" disabled={oauth.isPending}>
            Connect Mastodon
          </Button>
          <Problem error={oauth.error} message={oauthProblem} />
        </form>
        {offers
          .filter((offer) => offer.connect === 'oauth')
          .map((offer) => (
            <div key={offer.platform} className="grid content-start gap-2">
              <h4 className="text-sm font-semibold">{PLATFORM_LABELS[offer.platform]}</h4>
              {offer.available ? (
                <Button
                  size="sm"
                  onClick={() => go(offer.platform as 'x' | 'linkedin')}
                  disabled={oauth.isPending}
                >
                  Connect {PLATFORM_LABELS[offer.platform]}
                </Button>
              ) : (
                <p className="text-sm text-muted-foreground">{offer.reason}</p>
              )}
            </div>
          ))}
      </div>
    </Card>
  );
}

function Slots() {
  const accounts = useAccounts();
  const slots = useSlots();
  const add = useAddSlot();
  const remove = useDeleteSlot();
  const connected = (accounts.data?.accounts ?? []).filter((a) => a.status !== 'disconnected');
  const zone = userTimeZone();
  const [problem, setProblem] = useState<string>();
  // The account shown first is the one chosen until another is picked.
  const { values, field, handleSubmit, formRef } = useZodForm(
    createSlotSchema,
    { account_id: '', weekday: '2', time: '08:30' },
    {
      toInput: (v) => ({
        account_id: v.account_id || connected[0]?.id || '',
        weekday: Number(v.weekday),
        time: v.time,
        time_zone: zone,
      }),
    },
  );
  const chosen = values.account_id || connected[0]?.id || '';
  // What the form finds wrong is said where the server's answer would be.
  const onSubmit = handleSubmit(
    (slot) => {
      setProblem(undefined);
      add.mutate(slot);
    },
    (errors) => {
      add.reset();
      setProblem(firstMessage(errors));
    },
  );
  if (!connected.length) return null;
  return (
    <Card className="grid gap-4" aria-labelledby="slots-heading">
      <div className="grid gap-1">
        <CardTitle id="slots-heading">Time slots</CardTitle>
        <CardDescription>
          Your weekly times to post, in {zone}. "In the next free slot" takes the first one not taken.
        </CardDescription>
      </div>
      {connected.map((account) => {
        const mine = (slots.data?.slots ?? []).filter((s) => s.account_id === account.id);
        return (
          <div key={account.id} className="grid gap-2 text-sm">
            <span className="font-medium">
              {PLATFORM_LABELS[account.platform]} {account.handle}
            </span>
            {mine.length === 0 ? (
              <span className="text-muted-foreground">No slots yet.</span>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {mine.map((slot) => (
                  <li
                    key={slot.id}
                    className="flex items-center gap-1 rounded-full border border-border py-0.5 pl-3 pr-1"
                  >
                    {slot.label}
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => remove.mutate(slot.id)}
                      aria-label={`Remove ${slot.label}`}
                    >
                      <Trash2 className="size-3" aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <form
        ref={formRef}
        className="grid gap-2 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        onSubmit={onSubmit}
      >
        <div className="grid gap-1">
          <Label htmlFor="slot-account">Account</Label>
          <Select id="slot-account" {...field('account_id')} value={chosen}>
            {connected.map((a) => (
              <option key={a.id} value={a.id}>
                {PLATFORM_LABELS[a.platform]} {a.handle}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="slot-day">Day</Label>
          <Select id="slot-day" {...field('weekday')}>
            {WEEKDAY_LABELS.map((label, i) => (
              <option key={label} value={i}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="slot-time">Time</Label>
          <Input id="slot-time" type="time" {...field('time')} required />
        </div>
        <Button type="submit" disabled={add.isPending}>
          Add slot
        </Button>
      </form>
      <Problem error={add.error} message={problem} />
    </Card>
  );
}

export function PublishingPanel() {
  return (
    <section className="grid gap-6" aria-labelledby="publishing-heading">
      <h2 id="publishing-heading" className="text-lg font-semibold">
        Publishing
      </h2>
      <Accounts />
      <Slots />
      <Calendar />
    </section>
  );
}
