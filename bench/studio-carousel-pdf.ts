/**
 * Studio carousel PDF: a 10-slide carousel rendered once (satori + resvg, the baseline),
 * then made into a PDF by `slidesPdf` (the PNGs' filtered rows passed through, zlib on libuv's
 * threads, the document written by hand) and, for comparison, by pdf-lib's own `embedPng`
 * (decodes and re-encodes each PNG in JavaScript, yielding often). Reported: each one's wall time
 * and the longest the event loop was held during it (perf_hooks.monitorEventLoopDelay, 10 ms
 * resolution; on a loaded machine this includes time the process was not scheduled). Targets are
 * ratios within the same run: the PDF adds less than half the rendering's time, takes less than
 * half embedPng's, and never holds the loop a quarter of the time rendering one slide does.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { renderCarousel, slidesPdf } from '../src/server/features/studio/exports/index.ts';
import { log } from './lib.ts';
import type { BenchResult } from './types.ts';

const SLIDES = 10;
const RESOLUTION_MS = 10;

/** Wall time of `work` and the longest event-loop delay seen while it ran (ms). */
async function measure(work: () => Promise<unknown>): Promise<{ ms: number; block: number }> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  // One more turn so a delay at the very end is recorded.
  await new Promise((resolve) => setTimeout(resolve, RESOLUTION_MS * 2));
  histogram.disable();
  return { ms, block: Math.max(0, histogram.max / 1e6 - RESOLUTION_MS) };
}

async function embedPngPdf(pngs: Buffer[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const png of pngs) {
    const image = await doc.embedPng(png);
    doc.addPage([540, 675]).drawImage(image, { x: 0, y: 0, width: 540, height: 675 });
  }
  return doc.save();
}

export async function run(): Promise<BenchResult[]> {
  const slides = Array.from({ length: SLIDES }, (_, i) => ({
    kind: i === 0 ? ('title' as const) : i === SLIDES - 1 ? ('closing' as const) : ('idea' as const),
    text: `Idea ${i + 1}: price the result your client gets, not the hours it takes you to get there.`,
  }));
  let pngs: Buffer[] = [];
  const render = await measure(async () => {
    pngs = await renderCarousel(slides, 'Dana Lee');
  });
  let bytes = 0;
  const ours = await measure(async () => {
    bytes = (await slidesPdf(pngs)).length;
  });
  const theirs = await measure(() => embedPngPdf(pngs));
  log(
    `studio-carousel-pdf: render ${render.ms.toFixed(0)} ms; slidesPdf ${ours.ms.toFixed(0)} ms (loop held ${ours.block.toFixed(0)} ms); embedPng ${theirs.ms.toFixed(0)} ms (loop held ${theirs.block.toFixed(0)} ms); ${bytes} bytes`,
  );
  return [
    {
      name: `studio carousel PDF of ${SLIDES} slides (ms, baseline: rendering them)`,
      value: ours.ms,
      unit: 'ms',
      baseline: render.ms,
      ratio: ours.ms / render.ms,
      target: 'ratio < 0.5',
      met: ours.ms / render.ms < 0.5,
    },
    {
      name: 'studio carousel PDF (ms, baseline: pdf-lib embedPng)',
      value: ours.ms,
      unit: 'ms',
      baseline: theirs.ms,
      ratio: ours.ms / theirs.ms,
      target: 'ratio < 0.5',
      met: ours.ms / theirs.ms < 0.5,
    },
    {
      name: 'studio carousel PDF: longest event-loop hold (ms, baseline: rendering one slide)',
      value: ours.block,
      unit: 'ms',
      baseline: render.ms / SLIDES,
      ratio: ours.block / (render.ms / SLIDES),
      target: 'ratio < 0.25',
      met: ours.block / (render.ms / SLIDES) < 0.25,
    },
    {
      name: 'studio carousel PDF by pdf-lib embedPng: longest event-loop hold (ms)',
      value: theirs.block,
      unit: 'ms',
      target: 'info',
      met: null,
    },
    { name: 'studio carousel PDF size (bytes)', value: bytes, unit: 'bytes', target: 'info', met: null },
  ];
}
