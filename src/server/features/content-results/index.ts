/** The content-results feature's public face (more exports as the one shape moves code here). */
export {
  type ChainOutcome,
  runTranscribers,
  type Transcriber,
} from './transcriber.ts';
export { configuredTranscribers } from './jobs.ts';
