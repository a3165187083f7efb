/**
 * What PostgreSQL ran, counted by its pg_stat_statements (the embedded server started with
 * STATEMENT_STATS_FLAGS, the extension created in the bench's database): statements and rows of a
 * stretch of work between `reset()` and `read()`, whoever sent them (web, worker, the job queue's
 * own polling), so a phase's count holds the job queue's chatter too (`queue`).
 */
import pg from 'pg';

/** The server settings pg_stat_statements needs (loaded at start; top-level statements). */
export const STATEMENT_STATS_FLAGS = [
  '-c',
  'shared_preload_libraries=pg_stat_statements',
  '-c',
  'pg_stat_statements.track=top',
  '-c',
  'pg_stat_statements.max=10000',
];

export interface StatementTally {
  statements: number;
  rows: number;
  /** Of `statements`, the job queue's (pg-boss, schema pgboss). */
  queue: number;
  /** The most frequent statements, most first: calls and the statement's start. */
  top: Array<{ calls: number; rows: number; query: string }>;
}

export class StatementStats {
  private readonly client: pg.Client;

  private constructor(client: pg.Client) {
    this.client = client;
  }

  static async start(databaseUrl: string): Promise<StatementStats> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('create extension if not exists pg_stat_statements');
    return new StatementStats(client);
  }

  async reset(): Promise<void> {
    await this.client.query('select pg_stat_statements_reset()');
  }

  /** What ran in this database since the last reset (these reads left out). */
  async read(top = 6): Promise<StatementTally> {
    const { rows } = await this.client.query<{ calls: string; rows: string; query: string }>(
      `select calls, rows, query from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query not ilike '%pg_stat_statements%'
        order by calls desc`,
    );
    const tally: StatementTally = { statements: 0, rows: 0, queue: 0, top: [] };
    for (const row of rows) {
      const calls = Number(row.calls);
      tally.statements += calls;
      tally.rows += Number(row.rows);
      if (/\bpgboss\./i.test(row.query)) tally.queue += calls;
    }
    tally.top = rows.slice(0, top).map((row) => ({
      calls: Number(row.calls),
      rows: Number(row.rows),
      query: row.query.replace(/\s+/g, ' ').trim().slice(0, 90),
    }));
    return tally;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

/** One line of a tally: "N statements (M rows; K the job queue's)". */
export const describeTally = (t: StatementTally) =>
  `${t.statements} statements (${t.rows} rows; ${t.queue} the job queue's)`;
