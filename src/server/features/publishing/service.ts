import type { z } from 'zod';
import { isUuid } from '#contract/ids.ts';
import {
  type createPostsSchema,
  type createSlotSchema,
  PLATFORM_LABELS,
  type Platform,
  type PublishPost,
  type PublishSlot,
  SCHEDULE_MAX_DAYS,
  SLOTS_PER_ACCOUNT_MAX,
  slotLabel,
} from '#contract/publishing.ts';
import { isTimeZone } from '../../config-values.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { connectBluesky as signInBluesky } from '../../providers/social/bluesky.ts';
import { PlatformError, publicOrigin } from '../../providers/social/http.ts';
import type { SentPart } from '../../providers/social/types.ts';
import { publishPostJob } from './job-definitions.ts';
import { availability, seal } from './platforms.ts';
import { draftAndAccounts, imagesProblem, previewOf } from './preview.service.ts';
import { expiryOf } from './refresh.service.ts';
import {
  type AccountRow,
  cancelScheduledOf,
  changeUnstarted,
  deleteSlot,
  findAccount,
  findPost,
  insertPosts,
  insertSlot,
  listAccounts,
  listPosts,
  listSlots,
  type PostRow,
  releaseWaiting,
  type SlotRow,
  takenTimes,
  updateAccount,
  upsertAccount,
} from './repository.ts';
import { occurrences } from './slots.ts';

export const accountView = (row: AccountRow) => ({
  id: row.id,
  platform: row.platform as Platform,
  handle: row.handle,
  instance_url: row.instanceUrl,
  status: row.status as 'connected' | 'reconnect' | 'disconnected',
  char_limit: row.charLimit,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
});

export const postView = (row: PostRow, handle: string): PublishPost => ({
  id: row.id,
  account_id: row.accountId,
  platform: row.platform as Platform,
  handle,
  draft_id: row.draftId,
  status: row.status as PublishPost['status'],
  placement: row.placement as PublishPost['placement'],
  scheduled_at: row.scheduledAt.toISOString(),
  parts: row.parts as string[],
  links: (row.sent as SentPart[]).map((s) => s.url),
  error: row.error,
  published_at: row.publishedAt?.toISOString() ?? null,
});

export const slotView = (row: SlotRow): PublishSlot => ({
  id: row.id,
  account_id: row.accountId,
  weekday: row.weekday,
  minute: row.minute,
  time_zone: row.timeZone,
  label: slotLabel(row.weekday, row.minute),
});

/** A platform's refusal as the user's error (never a 5xx: the platform, not Echo, said no). */
export function platformProblem(error: unknown, platform: string): never {
  if (error instanceof PlatformError) {
    if (error.kind === 'auth') throw new AppError('unauthorized', `${platform} did not accept those details`);
    if (error.kind === 'rate_limited')
      throw new AppError('rate_limited', `${platform} asks to wait a moment; try again soon`);
    if (error.kind === 'refused')
      throw badRequest(error.message.replace(/^[A-Za-z]+ \d{3}: /, `${platform}: `));
    throw new AppError('unavailable', `${platform} could not be reached; try again soon`);
  }
  throw error;
}

export async function accountsOf(ctx: AppContext, owner: string) {
  return {
    accounts: (await listAccounts(ctx.database.db, owner)).map(accountView),
    platforms: availability(ctx.config),
  };
}

/** Posts of the account waiting for a reconnection go back in the queue (at their time, or now). */
async function releaseWaitingPosts(ctx: AppContext, accountId: string) {
  await ctx.database.transaction(async (tx) => {
    for (const post of await releaseWaiting(tx.db, accountId))
      await ctx.jobs.enqueue(
        tx,
        publishPostJob,
        { postId: post.id, run: post.run },
        {
          startAfter: post.scheduledAt.getTime() > Date.now() ? post.scheduledAt : undefined,
        },
      );
  });
}

/** Bluesky: the handle and an app password (checked by signing in; kept sealed to sign in again). */
export async function connectBluesky(
  ctx: AppContext,
  owner: string,
  input: { handle: string; app_password: string; service?: string },
) {
  const { publishing } = ctx.config;
  let service: string;
  try {
    service = input.service
      ? await publicOrigin(input.service, publishing.allowPrivateHosts)
      : publishing.blueskyServiceUrl;
  } catch (error) {
    return platformProblem(error, 'Bluesky');
  }
  const handle = input.handle.replace(/^@/, '');
  let connected: Awaited<ReturnType<typeof signInBluesky>>;
  try {
    connected = await signInBluesky(service, handle, input.app_password, publishing.timeoutMs);
  } catch (error) {
    return platformProblem(error, 'Bluesky');
  }
  const row = await upsertAccount(ctx.database.db, {
    ownerEmail: owner,
    platform: 'bluesky',
    remoteId: connected.remoteId,
    handle: `@${connected.handle}`,
    instanceUrl: service,
    credentials: await seal(ctx.config, connected.credentials),
    charLimit: connected.charLimit,
    tokenExpiresAt: expiryOf('bluesky', connected.credentials),
  });
  await releaseWaitingPosts(ctx, row.id);
  return accountView(row);
}

/** Stores an account connected through OAuth (Mastodon, X, LinkedIn) and releases its waiting posts. */
export async function saveOauthAccount(
  ctx: AppContext,
  owner: string,
  platform: Platform,
  instanceUrl: string,
  connected: {
    remoteId: string;
    handle: string;
    charLimit: number;
    credentials: Record<string, unknown>;
    tokenExpiresAt?: Date;
  },
) {
  const row = await upsertAccount(ctx.database.db, {
    ownerEmail: owner,
    platform,
    remoteId: connected.remoteId,
    handle: connected.handle,
    instanceUrl,
    credentials: await seal(ctx.config, connected.credentials),
    charLimit: connected.charLimit,
    tokenExpiresAt: connected.tokenExpiresAt,
  });
  await releaseWaitingPosts(ctx, row.id);
  return row;
}

/**
 * Disconnects an account: its credentials are forgotten (the platform's token revoked where it
 * allows, by `revoke`), its scheduled posts cancelled; what was published stays.
 */
export async function disconnectAccount(
  ctx: AppContext,
  owner: string,
  id: string,
  revoke: (account: AccountRow) => Promise<void>,
) {
  const account = isUuid(id) ? await findAccount(ctx.database.db, id, owner) : undefined;
  if (!account || account.status === 'disconnected') throw notFound('No such account');
  await revoke(account).catch((error) =>
    ctx.log.warn({ platform: account.platform, err: String(error) }, 'publishing: revoking the token failed'),
  );
  await ctx.database.transaction(async (tx) => {
    await updateAccount(tx.db, account.id, {
      status: 'disconnected',
      credentials: null,
      tokenExpiresAt: null,
    });
    await cancelScheduledOf(tx.db, account.id);
  });
}

/** The next free slot of an account after `after` (none within 8 weeks: null). */
export async function nextFreeSlot(
  ctx: AppContext,
  owner: string,
  accountId: string,
  after = new Date(),
  also: Set<number> = new Set(),
) {
  const slots = await listSlots(ctx.database.db, owner, accountId);
  if (!slots.length) return null;
  const from = new Date(after.getTime() + 60_000);
  const until = new Date(from.getTime() + 8 * 7 * 86_400_000);
  const taken = await takenTimes(ctx.database.db, accountId, from, until);
  return (
    occurrences(slots, from, until).find((at) => !taken.has(at.getTime()) && !also.has(at.getTime())) ?? null
  );
}

/**
 * Publishes a ready draft to accounts, now, in each account's next free slot, or at a time: one
 * post per account, each its own job (due at its time), written in one transaction. Nothing over a
 * platform's limit is accepted (the preview shows where to cut).
 */
export async function createPosts(ctx: AppContext, owner: string, input: z.infer<typeof createPostsSchema>) {
  const { draft, accounts, clipKind } = await draftAndAccounts(ctx, owner, input);
  for (const account of accounts)
    if (account.status !== 'connected')
      throw conflict(`Reconnect ${account.handle} on ${PLATFORM_LABELS[account.platform as Platform]} first`);
  const previews = previewOf(draft, accounts, input.texts, input.alts, input.clip, clipKind);
  for (const preview of previews) {
    if (preview.images.length) imagesProblem(preview);
    const bad = preview.parts.findIndex((p) => !p.fits);
    if (bad >= 0 || !preview.parts.length) {
      const part = preview.parts[bad];
      throw badRequest(
        part?.text
          ? `Part ${bad + 1} for ${preview.handle} is ${part.length} of ${part.limit} ${preview.platform === 'bluesky' ? 'graphemes' : 'characters'}: cut it to fit first`
          : `Part ${bad + 1} for ${preview.handle} is empty`,
      );
    }
  }
  const now = Date.now();
  const times = new Map<string, Date>();
  if (input.when === 'time') {
    if (!input.at) throw badRequest('Pick a time');
    const at = new Date(input.at);
    if (at.getTime() < now - 60_000) throw badRequest('That time is in the past');
    if (at.getTime() > now + SCHEDULE_MAX_DAYS * 86_400_000)
      throw badRequest('A post can be scheduled at most a year ahead');
    for (const account of accounts) times.set(account.id, at);
  } else if (input.when === 'slot') {
    for (const account of accounts) {
      const at = await nextFreeSlot(ctx, owner, account.id);
      if (!at) throw badRequest(`${account.handle} has no free time slot: add slots first`);
      times.set(account.id, at);
    }
  } else for (const account of accounts) times.set(account.id, new Date(now));

  const rows = await ctx.database.transaction(async (tx) => {
    const inserted = await insertPosts(
      tx.db,
      previews.map((preview) => ({
        ownerEmail: owner,
        accountId: preview.account_id,
        draftId: draft.id,
        platform: preview.platform,
        parts: preview.parts.map((p) => p.text),
        scheduledAt: times.get(preview.account_id)!,
        placement: input.when,
        // A carousel goes to LinkedIn as its slides in a PDF document post.
        // Elsewhere (X, Bluesky, Mastodon) as its slides, up to 4 images a post, with their alt text.
        media:
          draft.format === 'carousel' && preview.platform === 'linkedin'
            ? 'pdf'
            : preview.images.length
              ? 'images'
              : preview.video_clip
                ? 'video'
                : null,
        clip: preview.video_clip,
        altTexts: preview.images.length ? preview.images.map((i) => i.alt) : null,
      })),
    );
    for (const row of inserted)
      await ctx.jobs.enqueue(
        tx,
        publishPostJob,
        { postId: row.id, run: row.run },
        {
          startAfter: row.scheduledAt.getTime() > Date.now() ? row.scheduledAt : undefined,
        },
      );
    return inserted;
  });
  const handles = new Map(accounts.map((a) => [a.id, a.handle]));
  return { posts: rows.map((row) => postView(row, handles.get(row.accountId) ?? '')) };
}

export async function postsOf(
  ctx: AppContext,
  owner: string,
  query: { from?: string; to?: string; draft_id?: string },
) {
  if (query.draft_id !== undefined && !isUuid(query.draft_id)) return { posts: [] };
  const rows = await listPosts(ctx.database.db, owner, {
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    draftId: query.draft_id,
  });
  const handles = new Map((await listAccounts(ctx.database.db, owner)).map((a) => [a.id, a.handle]));
  return { posts: rows.map((row) => postView(row, handles.get(row.accountId) ?? '(disconnected)')) };
}

/** Moves a post that has not started to another time (its old job then does nothing). */
export async function movePost(ctx: AppContext, owner: string, id: string, scheduledAt: string) {
  const at = new Date(scheduledAt);
  const now = Date.now();
  if (at.getTime() < now - 60_000) throw badRequest('That time is in the past');
  if (at.getTime() > now + SCHEDULE_MAX_DAYS * 86_400_000)
    throw badRequest('A post can be scheduled at most a year ahead');
  if (!isUuid(id)) throw notFound('No such post');
  const row = await ctx.database.transaction(async (tx) => {
    const moved = await changeUnstarted(tx.db, id, owner, { scheduledAt: at, placement: 'time' });
    if (moved && moved.status === 'scheduled')
      await ctx.jobs.enqueue(
        tx,
        publishPostJob,
        { postId: moved.id, run: moved.run },
        {
          startAfter: at.getTime() > Date.now() ? at : undefined,
        },
      );
    return moved;
  });
  if (!row) throw await unstartedProblem(ctx, owner, id);
  const account = await findAccount(ctx.database.db, row.accountId, owner);
  return postView(row, account?.handle ?? '');
}

/** Cancels a post that has not started (what is live stays live). */
export async function cancelPost(ctx: AppContext, owner: string, id: string) {
  if (!isUuid(id)) throw notFound('No such post');
  const row = await changeUnstarted(ctx.database.db, id, owner, { status: 'cancelled', error: null });
  if (!row) throw await unstartedProblem(ctx, owner, id);
  const account = await findAccount(ctx.database.db, row.accountId, owner);
  return postView(row, account?.handle ?? '');
}

async function unstartedProblem(ctx: AppContext, owner: string, id: string) {
  const post = await findPost(ctx.database.db, id, owner);
  return post
    ? conflict('This post has started publishing (or is done) and can no longer be changed')
    : notFound('No such post');
}

export async function slotsOf(ctx: AppContext, owner: string) {
  return { slots: (await listSlots(ctx.database.db, owner)).map(slotView) };
}

export async function addSlot(ctx: AppContext, owner: string, input: z.infer<typeof createSlotSchema>) {
  if (!isTimeZone(input.time_zone)) throw badRequest('Unknown time zone');
  const account = await findAccount(ctx.database.db, input.account_id, owner);
  if (!account || account.status === 'disconnected') throw notFound('No such account');
  if ((await listSlots(ctx.database.db, owner, account.id)).length >= SLOTS_PER_ACCOUNT_MAX)
    throw badRequest(`At most ${SLOTS_PER_ACCOUNT_MAX} slots per account`);
  const [hours, minutes] = input.time.split(':').map(Number);
  const row = await insertSlot(ctx.database.db, {
    ownerEmail: owner,
    accountId: account.id,
    weekday: input.weekday,
    minute: hours! * 60 + minutes!,
    timeZone: input.time_zone,
  });
  if (!row) throw conflict('That slot exists already', 'already_exists');
  return slotView(row);
}

export async function removeSlot(ctx: AppContext, owner: string, id: string) {
  if (!isUuid(id) || !(await deleteSlot(ctx.database.db, id, owner))) throw notFound('No such slot');
}
