/** The content-results feature's public face (more exports as the one shape moves code here). */

export { configuredTranscribers } from './jobs.ts';
export {
  type ChainOutcome,
  runTranscribers,
  type Transcriber,
} from './transcriber.ts';
