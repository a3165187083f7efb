/**
 * The Studio's analysis threads (decision 015, 018): a note's text is analysed (sentences, stats,
 * key phrases: `text/note-analysis.ts`) by a small pool of worker threads, never on the event loop.
 * No database and no other room: notes and capture call it. The room's only face.
 */
export { analyseOffThread, closeAnalysisPool } from './analysis-pool.ts';
