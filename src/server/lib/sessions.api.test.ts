import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { createSession, findSession, revokeSession } from './sessions.ts';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url);
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe('sessions', () => {
  it('resolve to their owner for their kind only, until revoked', async () => {
    const { token } = await createSession(database.db, 'dashboard', 'f@example.com', 24);
    expect(await findSession(database.db, 'dashboard', token)).toBe('f@example.com');
    expect(await findSession(database.db, 'affiliate', token)).toBeNull();
    expect(await findSession(database.db, 'dashboard', 'made-up')).toBeNull();
    await revokeSession(database.db, token);
    expect(await findSession(database.db, 'dashboard', token)).toBeNull();
  });
});
