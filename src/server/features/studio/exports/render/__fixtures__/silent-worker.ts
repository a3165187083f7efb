import { parentPort } from 'node:worker_threads';

/** A slide thread that says it is ready, then never answers (render-pool.test.ts: a stuck renderer). */
parentPort?.on('message', () => {});
parentPort?.postMessage({ ready: true });
