import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** Drizzle on the pool; tables are imported from src/server/db/schema/<area>.ts where used. */
export type Db = NodePgDatabase;

/**
 * A unit of work on one connection. `db` runs drizzle queries inside the transaction and
 * `executeSql` lets other libraries (pg-boss) write in the same transaction, so data and the jobs
 * that belong to it commit or roll back together.
 */
export interface Tx {
  db: NodePgDatabase;
  /**
   * SQL on the transaction's connection; a `{ name, text }` statement is prepared once per
   * connection (for a hot path's fixed statement: no ORM query object built per request).
   */
  executeSql(text: string | { name: string; text: string }, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
export type DbOrTx = Db;

export interface Database {
  pool: pg.Pool;
  db: Db;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createDatabase(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'echo',
    // Bounds both connecting and waiting for a free connection: a burst queues for a while
    // (backpressure) instead of failing, and a database that is away still gets a 503 in time.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // Bound every statement: no request waits on a stuck query forever.
    statement_timeout: 15_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool);
  let closed = false;

  async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    // A checked-out client has no pool listener: the connection dropping between two statements
    // (database restart) would be an unhandled 'error' event and end the process. The failing
    // statement rejects on its own; the client is then released as broken.
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      await client.query('begin');
      const tx: Tx = {
        db: drizzle(client),
        executeSql: (text, values) => client.query(text, values as unknown[]),
      };
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  return {
    pool,
    db,
    transaction,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
