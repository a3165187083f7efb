import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { contentResults } from './content-results.ts';

/**
 * Echo Studio drafts: one per (generation, format). `blocks` are the draft's traceable
 * units (each with its source sentence ids); `note_ids` are the notes it was made from (a deleted
 * note leaves the draft readable, its links marked gone). Each draft is also an `echo_core`
 * content result, so it shows on the dashboard's 'My Voice' tab with its status.
 */
export const studioDrafts = pgTable(
  'studio_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerEmail: text('owner_email').notNull(),
    format: text('format').notNull(),
    /** What the user asked for: auto, extractive or llm. */
    requestedEngine: text('requested_engine').notNull().default('auto'),
    /** What made the current blocks. */
    engine: text('engine').notNull().default('extractive'),
    status: text('status').notNull().default('waiting'),
    noteIds: uuid('note_ids').array().notNull(),
    blocks: jsonb('blocks').notNull().default([]),
    fidelity: jsonb('fidelity'),
    meta: jsonb('meta').notNull().default({}),
    error: text('error'),
    edited: boolean('edited').notNull().default(false),
    /**
     * Formerly: the written note an edit was saved as. No longer written (edits are learned
     * through `learned`); kept so such notes stay linked.
     */
    sampleNoteId: uuid('sample_note_id'),
    /**
     * Learning from edits: the words the user wrote into this draft that are in none of
     * its notes, per block, and their stats (a written sample the voice profile adds to the notes'
     * stats). One per draft, replaced on each save or restore, so nothing counts twice; gone with
     * the draft. Null until the user saves an edit with learning on.
     */
    learned: jsonb('learned'),
    contentResultId: uuid('content_result_id').references(() => contentResults.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('studio_drafts_owner_created_idx').on(t.ownerEmail, t.createdAt),
    check(
      'studio_drafts_format_check',
      sql`${t.format} in ('blog', 'linkedin', 'thread', 'carousel', 'clips', 'shownotes')`,
    ),
    check('studio_drafts_engine_check', sql`${t.engine} in ('extractive', 'llm')`),
    check('studio_drafts_status_check', sql`${t.status} in ('waiting', 'generating', 'ready', 'failed')`),
  ],
);

/**
 * Earlier versions of a draft: what the draft was before each save, regeneration or
 * restore, so no edit is ever overwritten. Owned through the draft (deleted with it).
 */
export const studioDraftVersions = pgTable(
  'studio_draft_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => studioDrafts.id, { onDelete: 'cascade' }),
    blocks: jsonb('blocks').notNull(),
    fidelity: jsonb('fidelity'),
    meta: jsonb('meta').notNull().default({}),
    engine: text('engine').notNull(),
    edited: boolean('edited').notNull(),
    /** What replaced this version: a save, a regeneration or a restore of another version. */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('studio_draft_versions_draft_created_idx').on(t.draftId, t.createdAt),
    check('studio_draft_versions_reason_check', sql`${t.reason} in ('save', 'regenerate', 'restore')`),
  ],
);
