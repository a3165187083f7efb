import { Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { DRAFT_DELETE_KEEPS_POSTS, PLATFORM_LABELS, type PublishPreview } from '#contract/publishing.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useAccounts, useCreatePosts, useDraftPosts, usePreview } from '../api.ts';
import { ImageAlts } from './image-alts.tsx';
import { PostStatus } from './post-status.tsx';

type When = 'now' | 'slot' | 'time';

/** The order platforms are named in (the ones anyone can connect first). */
const NAMED_ORDER = ['bluesky', 'mastodon', 'linkedin', 'x'] as const;

/**
 * A ready draft's way out: pick accounts, see each platform's preview counted its own way (and fix
 * what does not fit; a carousel's images with their alt text), then publish now, in each account's next free slot, or at a time. Below, where
 * the draft went, with links to the live posts.
 */
export function PublishDraft({
  draftId,
  ready,
  clips = 0,
}: {
  draftId: string;
  ready: boolean;
  /** Clip hooks: how many clips the draft has (one is published, as a video where the platform takes it). */
  clips?: number;
}) {
  const accounts = useAccounts();
  const posts = useDraftPosts(draftId);
  const preview = usePreview();
  const create = useCreatePosts();
  const [picked, setPicked] = useState<string[]>([]);
  const [texts, setTexts] = useState<Record<string, string[]>>({});
  const [alts, setAlts] = useState<Record<string, string[]>>({});
  const [clip, setClip] = useState(1);
  const [when, setWhen] = useState<When>('now');
  const [at, setAt] = useState('');
  const [shown, setShown] = useState<PublishPreview | null>(null);
  const connected = (accounts.data?.accounts ?? []).filter((a) => a.status === 'connected');
  // Only the platforms this Echo offers are named; only once something is live does deleting matter.
  const offered = NAMED_ORDER.filter((platform) =>
    accounts.data?.platforms.some((p) => p.platform === platform && p.available),
  ).map((platform) => PLATFORM_LABELS[platform]);
  const published = (posts.data?.posts ?? []).some((p) => p.links.length > 0);

  const only = (ids: string[], byAccount: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(byAccount).filter(([id]) => ids.includes(id)));
  const refresh = (ids: string[], edited = texts, whichClip = clip) => {
    if (!ids.length) return setShown(null);
    const mine = only(ids, edited);
    const myAlts = only(ids, alts);
    preview.mutate(
      {
        draft_id: draftId,
        account_ids: ids,
        ...(Object.keys(mine).length && { texts: mine }),
        ...(Object.keys(myAlts).length && { alts: myAlts }),
        ...(clips > 0 && { clip: whichClip }),
      },
      { onSuccess: setShown },
    );
  };
  const editAlt = (accountId: string, slideIndex: number, alt: string, current: string[]) =>
    setAlts({ ...alts, [accountId]: current.map((a, i) => (i === slideIndex ? alt : a)) });
  const toggle = (id: string, on: boolean) => {
    const ids = on ? [...picked, id] : picked.filter((x) => x !== id);
    setPicked(ids);
    refresh(ids);
  };
  const edit = (accountId: string, index: number, text: string, parts: string[]) => {
    const next = { ...texts, [accountId]: parts.map((p, i) => (i === index ? text : p)) };
    setTexts(next);
  };
  const fits = shown?.accounts.every((a) => a.fits) ?? false;
  const publish = () =>
    create.mutate(
      {
        draft_id: draftId,
        account_ids: picked,
        ...(Object.keys(texts).length && { texts: only(picked, texts) }),
        ...(Object.keys(alts).length && { alts: only(picked, alts) }),
        ...(clips > 0 && { clip }),
        when,
        ...(when === 'time' && at && { at: new Date(at).toISOString() }),
      },
      {
        onSuccess: () => {
          setPicked([]);
          setShown(null);
          setTexts({});
          setAlts({});
        },
      },
    );

  return (
    <Card className="grid gap-4" aria-labelledby="publish-heading">
      <div className="grid gap-1">
        <CardTitle id="publish-heading">Publish</CardTitle>
        {published && <CardDescription>{DRAFT_DELETE_KEEPS_POSTS}</CardDescription>}
      </div>
      {!ready ? (
        <p className="text-sm text-muted-foreground">
          A draft can be published once Echo has finished writing it.
        </p>
      ) : !accounts.data ? (
        <p className="text-sm text-muted-foreground" aria-busy="true">
          Loading your accounts…
        </p>
      ) : connected.length === 0 ? (
        <p className="text-sm">
          No account connected yet.{' '}
          <Link href="/studio?tab=publishing" className="underline">
            Connect {orList(offered)}
          </Link>
          .
        </p>
      ) : (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Post to</legend>
            {connected.map((account) => (
              <label key={account.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={picked.includes(account.id)}
                  onChange={(e) => toggle(account.id, e.target.checked)}
                />
                {PLATFORM_LABELS[account.platform]} {account.handle}
              </label>
            ))}
          </fieldset>
          {clips > 1 && (
            <div className="grid gap-1">
              <Label htmlFor="publish-clip">Clip to publish</Label>
              <select
                id="publish-clip"
                className="h-9 rounded-md border border-border bg-background px-2 text-sm"
                value={clip}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  setClip(n);
                  // The clip's own hook becomes the text: earlier edits were for another clip.
                  setTexts({});
                  refresh(picked, {}, n);
                }}
              >
                {Array.from({ length: clips }, (_, i) => `Clip ${i + 1}`).map((label, i) => (
                  <option key={label} value={i + 1}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {shown?.accounts.map((account) => (
            <section
              key={account.account_id}
              className="grid gap-2 rounded-md border border-border p-3"
              aria-label={`Preview for ${account.handle}`}
            >
              <h4 className="text-sm font-semibold">
                {PLATFORM_LABELS[account.platform]} {account.handle}
              </h4>
              <p className="text-xs text-muted-foreground">Counted in {account.counting}</p>
              {account.parts.map((part, i) => {
                const parts = account.parts.map((p) => p.text);
                const id = `part-${account.account_id}-${i}`;
                return (
                  <div key={id} className="grid gap-1">
                    <Label htmlFor={id} className="flex justify-between text-xs">
                      <span>{account.parts.length > 1 ? `Post ${i + 1}` : 'Post'}</span>
                      <span
                        className={part.fits ? 'text-muted-foreground' : 'font-semibold text-destructive'}
                      >
                        {part.length} / {part.limit}
                      </span>
                    </Label>
                    <Textarea
                      id={id}
                      rows={3}
                      value={texts[account.account_id]?.[i] ?? part.text}
                      aria-invalid={!part.fits}
                      onChange={(e) =>
                        edit(account.account_id, i, e.target.value, texts[account.account_id] ?? parts)
                      }
                      onBlur={() => refresh(picked)}
                    />
                    {!part.fits && part.cut_at !== null && (
                      <p className="text-xs text-destructive">
                        Too long: cut what follows “…
                        {part.text.slice(Math.max(0, part.cut_at - 30), part.cut_at)}” (
                        {part.text.length - part.cut_at} characters over).
                      </p>
                    )}
                    <ImageAlts
                      account={account}
                      part={i}
                      alts={alts[account.account_id]}
                      onChange={(slide, alt) =>
                        editAlt(
                          account.account_id,
                          slide,
                          alt,
                          alts[account.account_id] ?? account.images.map((image) => image.alt),
                        )
                      }
                      onDone={() => refresh(picked)}
                    />
                  </div>
                );
              })}
            </section>
          ))}
          {picked.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">When</legend>
              {(
                [
                  ['now', 'Now'],
                  ['slot', 'In the next free slot'],
                  ['time', 'At a time'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="when"
                    value={value}
                    checked={when === value}
                    onChange={() => setWhen(value)}
                    className="size-4 accent-primary"
                  />
                  {label}
                </label>
              ))}
              {when === 'time' && (
                <div className="grid gap-1">
                  <Label htmlFor="publish-at">Date and time (your time zone)</Label>
                  <Input
                    id="publish-at"
                    type="datetime-local"
                    value={at}
                    onChange={(e) => setAt(e.target.value)}
                  />
                </div>
              )}
            </fieldset>
          )}
          {(preview.error || create.error) && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(create.error ?? preview.error, 'That did not work; try again')}
            </p>
          )}
          {picked.length > 0 && (
            <Button
              onClick={publish}
              disabled={!fits || create.isPending || preview.isPending || (when === 'time' && !at)}
            >
              <Send aria-hidden="true" /> {when === 'now' ? 'Publish now' : 'Schedule'}
            </Button>
          )}
          {shown && !fits && (
            <p className="text-sm text-destructive">Fix what does not fit before publishing.</p>
          )}
        </>
      )}
      {(posts.data?.posts.length ?? 0) > 0 && (
        <section className="grid gap-3" aria-labelledby="went-heading">
          <h4 id="went-heading" className="text-sm font-semibold">
            Where this draft went
          </h4>
          <ul className="grid gap-3">
            {posts.data!.posts.map((post) => (
              <li key={post.id}>
                <PostStatus post={post} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}

/** "Bluesky", "Bluesky or Mastodon", "Bluesky, Mastodon or X". */
function orList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? 'an account';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
