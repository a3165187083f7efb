import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** The statements one piece of work sent to PostgreSQL, and the rows they answered or changed. */
export interface StatementCount {
  statements: number;
  rows: number;
  /** Each statement's first line, in order (what a failing budget prints). */
  texts: string[];
}

const counting = new AsyncLocalStorage<StatementCount>();
/** The count of `countAllStatements`, while its work runs. */
let everything: StatementCount | undefined;
let installed = false;

/**
 * Counts every statement sent through `pg` (the pool drizzle uses, pg-boss's sends, raw clients)
 * from inside the async context of `work`, however deep: work running elsewhere at the same time
 * (the queue's polling, other requests) is not counted, so the count is the same on every run.
 * `begin` and `commit` count: each is a round trip PostgreSQL serves.
 */
export async function countStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; count: StatementCount }> {
  install();
  const count: StatementCount = { statements: 0, rows: 0, texts: [] };
  const result = await counting.run(count, work);
  return { result, count };
}

/**
 * Counts every statement this process sends while `work` runs, whatever its async context: for
 * work that crosses a boundary the async context does not (a request through Fastify's inject).
 * Deterministic only in a process with nothing else talking to PostgreSQL meanwhile (an app with
 * ROLE=web: no worker polling the queue); `countStatements` is for everything else.
 */
export async function countAllStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; count: StatementCount }> {
  install();
  if (everything) throw new Error('countAllStatements does not nest');
  const count: StatementCount = { statements: 0, rows: 0, texts: [] };
  everything = count;
  try {
    return { result: await work(), count };
  } finally {
    everything = undefined;
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this passes them on
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]): any {
    const count = counting.getStore() ?? everything;
    if (!count) return query.apply(this, args as Parameters<typeof query>);
    const config = args[0];
    const text: string = typeof config === 'string' ? config : (config?.text ?? String(config?.name ?? '?'));
    count.statements++;
    count.texts.push(text.trim().split('\n')[0]!.slice(0, 140));
    const addRows = (result: unknown) => {
      for (const one of Array.isArray(result) ? result : [result])
        count.rows += (one as pg.QueryResult | undefined)?.rowCount ?? 0;
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (error: unknown, result: unknown) => {
        if (!error) addRows(result);
        callback(error, result);
      };
      return query.apply(this, args as Parameters<typeof query>);
    }
    const answer = query.apply(this, args as Parameters<typeof query>) as unknown;
    if (answer && typeof (answer as Promise<unknown>).then === 'function')
      return (answer as Promise<unknown>).then((result) => {
        addRows(result);
        return result;
      });
    return answer;
  };
}
