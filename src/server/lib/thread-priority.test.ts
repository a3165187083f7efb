import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, lowerProcessPriority } from './thread-priority.ts';

describe('lowerThisThreadsPriority', () => {
  it.runIf(process.platform === 'linux')(
    "lowers the calling worker thread's priority only, never the event loop's",
    async () => {
      const before = os.getPriority();
      const worker = new Worker(
        `const { parentPort } = require('node:worker_threads');
         import(${JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href)}).then((m) => {
           const lowered = m.lowerThisThreadsPriority();
           const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
           parentPort.postMessage({ lowered, tid, nice: require('node:os').getPriority(tid) });
         });`,
        { eval: true },
      );
      const answer = await new Promise<{ lowered: boolean; tid: number; nice: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      expect(answer.lowered).toBe(true);
      expect(answer.nice).toBe(Math.max(before, BACKGROUND_NICENESS));
      const mainTid = Number(readlinkSync('/proc/thread-self').split('/').pop());
      expect(answer.tid).not.toBe(mainTid);
      expect(os.getPriority()).toBe(before);
    },
  );
});

describe('lowerProcessPriority', () => {
  it.runIf(process.platform === 'linux')(
    "lowers a child process's priority (ffmpeg's) to the background threads', not this process's",
    async () => {
      const before = os.getPriority();
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)'], { stdio: 'ignore' });
      try {
        expect(lowerProcessPriority(child.pid)).toBe(true);
        expect(os.getPriority(child.pid!)).toBe(Math.max(before, BACKGROUND_NICENESS));
        expect(os.getPriority()).toBe(before);
      } finally {
        child.kill();
        await once(child, 'exit');
      }
    },
  );
});
