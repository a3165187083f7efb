import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { studioDrafts } from './studio-drafts.ts';

/**
 * Publishing: a connected account on LinkedIn, X, Bluesky or Mastodon. `credentials`
 * holds the tokens (or Bluesky's app password) sealed with AES-256-GCM (lib/secret-box.ts); they
 * are never logged nor sent to the browser. A disconnected account keeps its row (its posts'
 * history) without credentials. `owner_email`, here and in the tables below, is the owner.
 */
export const publishAccounts = pgTable(
  'publish_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerEmail: text('owner_email').notNull(),
    platform: text('platform').notNull(),
    /** The account as its platform names it (did, account id, member URN, user id). */
    remoteId: text('remote_id').notNull(),
    /** @handle, shown to the user. */
    handle: text('handle').notNull(),
    /** Bluesky's PDS, the Mastodon instance, or the API of X or LinkedIn. */
    instanceUrl: text('instance_url').notNull(),
    status: text('status').notNull().default('connected'),
    credentials: text('credentials'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** Characters per post on this account's instance (Mastodon reads it from the instance). */
    charLimit: integer('char_limit').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('publish_accounts_owner_remote_idx').on(t.ownerEmail, t.platform, t.remoteId, t.instanceUrl),
    check('publish_accounts_platform_check', sql`${t.platform} in ('bluesky', 'mastodon', 'x', 'linkedin')`),
    check('publish_accounts_status_check', sql`${t.status} in ('connected', 'reconnect', 'disconnected')`),
  ],
);

/**
 * An OAuth authorization under way (Mastodon, X, LinkedIn): the state sent to the platform, the
 * PKCE verifier (sealed) and, for Mastodon, the instance. Used once, within 15 minutes.
 */
export const publishOauthStates = pgTable('publish_oauth_states', {
  state: text('state').primaryKey(),
  ownerEmail: text('owner_email').notNull(),
  platform: text('platform').notNull(),
  instanceUrl: text('instance_url'),
  verifier: text('verifier'),
  createdAt: createdAt(),
});

/** The app Echo registered on a Mastodon instance (client id and sealed secret), one per instance. */
export const publishMastodonApps = pgTable('publish_mastodon_apps', {
  instanceUrl: text('instance_url').primaryKey(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: createdAt(),
});

/**
 * One post (or thread) of a draft to one account, now or at `scheduled_at`. `parts` are the texts
 * as they go out (a thread's posts in order); `sent` the live posts already made, in order, so a
 * thread that failed at part 4 resumes at 4 replying to 3. `pending_part` is set (with its
 * idempotency key) before the platform is called and cleared with the answer: a run that finds it
 * set does not know whether the platform made that post, and checks before anything is sent again.
 * `run` changes when the post is moved, so the job of its old time does nothing.
 */
export const publishPosts = pgTable(
  'publish_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerEmail: text('owner_email').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => publishAccounts.id, { onDelete: 'cascade' }),
    /** The draft it came from; kept null when the draft is deleted (the live posts stay). */
    draftId: uuid('draft_id').references(() => studioDrafts.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    parts: jsonb('parts').notNull(),
    sent: jsonb('sent').notNull().default([]),
    pendingPart: smallint('pending_part'),
    pendingKey: text('pending_key'),
    status: text('status').notNull().default('scheduled'),
    /**
     * What goes with the text, made when it goes out: 'pdf', a carousel's slides as a document (LinkedIn);
     * 'images', its slides as up to 4 images a post with alt text (X, Bluesky, Mastodon); 'video', a clip.
     */
    media: text('media'),
    /** With media 'images' (a carousel on X, Bluesky, Mastodon): each slide's alt text, in slide order. */
    altTexts: jsonb('alt_texts'),
    /**
     * Media already uploaded for a part, by part index (platform references: X media ids, Bluesky
     * blobs, Mastodon attachment ids) with when: a resumed post reuses them instead of uploading again.
     */
    uploads: jsonb('uploads').notNull().default({}),
    /** With media 'video': which clip (from 1) of a clip-hooks draft goes out. */
    clip: smallint('clip'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** Whether the user picked a slot ('slot') or a time, or asked for now. */
    placement: text('placement').notNull().default('now'),
    run: integer('run').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** When the platform received the first part (the bench's "received"); the last part's for threads. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('publish_posts_owner_scheduled_idx').on(t.ownerEmail, t.scheduledAt),
    index('publish_posts_account_scheduled_idx').on(t.accountId, t.scheduledAt),
    index('publish_posts_draft_idx').on(t.draftId),
    check(
      'publish_posts_status_check',
      sql`${t.status} in ('scheduled', 'publishing', 'published', 'failed', 'check', 'waiting_account', 'cancelled')`,
    ),
    check('publish_posts_placement_check', sql`${t.placement} in ('now', 'slot', 'time')`),
  ],
);

/** A weekly time slot of an account ("Tue 08:30" in the user's time zone). */
export const publishSlots = pgTable(
  'publish_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerEmail: text('owner_email').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => publishAccounts.id, { onDelete: 'cascade' }),
    /** 0 = Sunday ... 6 = Saturday, in `time_zone`. */
    weekday: smallint('weekday').notNull(),
    /** Minutes after local midnight. */
    minute: smallint('minute').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('publish_slots_account_time_idx').on(t.accountId, t.weekday, t.minute),
    check('publish_slots_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('publish_slots_minute_check', sql`${t.minute} between 0 and 1439`),
  ],
);
