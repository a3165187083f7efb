/**
 * The raw floor of studio-voice-to-drafts: one note's work (ffmpeg, analysis, five drafts) called
 * directly in this process, its CPU measured.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import {
  analyseOffThread,
  cleanText,
  closeAnalysisPool,
  draftOffThread,
} from '../src/server/features/studio/engine/index.ts';
import { audioPieces, ffmpegBinary } from '../src/server/providers/media/ffmpeg-run.ts';
import { median } from './lib.ts';
import { cpuWithChildrenMs } from './proc.ts';
import { FORMATS, type Recording } from './studio-voice-note.ts';

/**
 * Raw floor passes, after one to warm the threads and ffmpeg's files. CPU is read from /proc in
 * 10 ms ticks, a tenth of one pass: the floor is the passes' mean (as the notes' CPU is their
 * total over the count), so the ticks' rounding averages out instead of deciding the ratio.
 */
export const RAW_RUNS = 10;

/** CPU this process and the children it waited for (ffmpeg) used so far, every thread, in ms. */
const selfCpuMs = async () => cpuWithChildrenMs(process.pid);

/** The CPU floor of one note and its parts (ms; the mean of RAW_RUNS), its wall time (the median). */
export interface RawFloor {
  cpu: number;
  wall: number;
  ffmpeg: number;
  analysis: number;
  drafts: number;
}

/**
 * The note's work called directly, in this process, with nothing else running: ffmpeg converts the
 * recording as the worker does (`audioPieces`, the npm or PATH ffmpeg Echo would run), the
 * transcript is analysed and the five drafts written offline on the analysis threads Echo uses (its
 * configured threads and nice value). No server, database, queue, storage or HTTP.
 */
export async function rawFloor(audio: Recording): Promise<RawFloor> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-raw-'));
  const config = loadConfig({ DATA_DIR: dir });
  const ffmpeg = ffmpegBinary(config);
  const settings = config.studio.analysis;
  const text = cleanText(audio.sentences.map((s) => s.text).join(' ')).trim();
  const segments = audio.sentences.map((s) => ({ startMs: s.startMs, endMs: s.endMs, text: s.text }));
  try {
    const wav = path.join(dir, 'note.wav');
    await writeFile(wav, audio.wav);
    const once = async () => {
      const out = await mkdtemp(path.join(dir, 'pieces-'));
      const started = performance.now();
      const c0 = await selfCpuMs();
      await audioPieces(ffmpeg, wav, out, 'audio/wav', 'flac');
      const c1 = await selfCpuMs();
      const [analysis] = await analyseOffThread(settings, [{ text, register: 'spoken', segments }]);
      if (!analysis) throw new Error('the analysis answered nothing');
      const c2 = await selfCpuMs();
      const notes = [
        {
          id: 'note',
          sentences: analysis.sentences.map((s, i) => ({
            id: `s${i}`,
            text: s.text,
            filler: s.filler,
            fillers: s.fillers,
            ...(s.startMs !== null && s.endMs !== null ? { startMs: s.startMs, endMs: s.endMs } : {}),
          })),
        },
      ];
      const ideas = analysis.keyPhrases.map((k) => k.phrase);
      // One after the other, as the drafts' job writes them.
      for (const format of FORMATS)
        await draftOffThread(settings, { notes, format, options: { ideas, bans: [], pins: [] } });
      const c3 = await selfCpuMs();
      await rm(out, { recursive: true, force: true });
      return {
        cpu: c3 - c0,
        wall: performance.now() - started,
        ffmpeg: c1 - c0,
        analysis: c2 - c1,
        drafts: c3 - c2,
      };
    };
    await once();
    const runs: RawFloor[] = [];
    for (let i = 0; i < RAW_RUNS; i++) runs.push(await once());
    const mean = (key: keyof RawFloor) => runs.reduce((sum, r) => sum + r[key], 0) / runs.length;
    return {
      cpu: mean('cpu'),
      wall: median(runs.map((r) => r.wall)),
      ffmpeg: mean('ffmpeg'),
      analysis: mean('analysis'),
      drafts: mean('drafts'),
    };
  } finally {
    await closeAnalysisPool();
    await rm(dir, { recursive: true, force: true });
  }
}
