import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../../../lib/thread-priority.ts';
import { type CarouselSlide, renderCarousel, zipSlides } from './carousel.ts';
import { slidesPdf } from './pdf.ts';

/**
 * The thread that renders carousel slides (see render-pool.ts): one message in (an id, the slides,
 * the byline), one message out (the zip of PNGs or the PDF, its memory handed over, or the error's message).
 * It runs at a lower priority than the event loop and says when it is ready (fonts loaded, the
 * renderer warmed), so a task's time budget never counts the thread's start.
 */
lowerThisThreadsPriority((workerData as { niceness?: number } | null)?.niceness);
parentPort?.on(
  'message',
  async (task: { id: number; slides: CarouselSlide[]; author: string; as: 'zip' | 'pdf' }) => {
    try {
      const pngs = await renderCarousel(task.slides, task.author);
      const zip =
        task.as === 'pdf'
          ? new Uint8Array(await slidesPdf(pngs, { title: task.slides[0]?.text }))
          : zipSlides(pngs);
      parentPort?.postMessage({ id: task.id, zip }, [zip.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort?.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
await renderCarousel([{ kind: 'title', text: 'Warm up' }], '');
parentPort?.postMessage({ ready: true });
