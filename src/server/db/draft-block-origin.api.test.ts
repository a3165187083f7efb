import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

/** Migration 0016: every stored draft block gets an origin (user when it cites sources, else echo). */
describe('migration 0016_draft_block_origin', () => {
  let database: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('gives stored blocks an origin, keeps one already there and every other field', async () => {
    const source = { note_id: 'n1', sentence_id: 's1' };
    const blocks = [
      { id: 'b1', kind: 'title', text: 'Launch early', group: 0, sources: [source], supported: true },
      { id: 'b2', kind: 'keywords', text: 'podcast, launch', group: 0, sources: [], supported: true },
      {
        id: 'b3',
        kind: 'heading',
        text: 'Conclusion',
        group: 1,
        sources: [],
        supported: true,
        origin: 'user',
      },
      { id: 'b4', kind: 'cta', text: 'What do you think?', group: 2, supported: false },
    ];
    const { rows } = await client.query<{ id: string }>(
      `insert into studio_drafts (owner_email, format, note_ids, blocks, status)
       values ('a@example.com', 'blog', '{}', $1, 'ready'), ('a@example.com', 'thread', '{}', '[]', 'ready')
       returning id`,
      [JSON.stringify(blocks)],
    );
    const sql = readFileSync(path.join(MIGRATIONS_DIR, '0016_draft_block_origin.sql'), 'utf8');
    await client.query(sql);
    const after = await client.query<{ blocks: Record<string, unknown>[] }>(
      'select blocks from studio_drafts where id = any($1) order by format',
      [rows.map((r) => r.id)],
    );
    expect(after.rows[0]!.blocks).toEqual([
      { ...blocks[0], origin: 'user' },
      { ...blocks[1], origin: 'echo' },
      blocks[2],
      { ...blocks[3], origin: 'echo' },
    ]);
    expect(after.rows[1]!.blocks).toEqual([]);
  });
});
