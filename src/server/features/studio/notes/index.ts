/**
 * The Studio's notes (decision 015): the library, ideas and the voice profile, and the
 * transcription and profile jobs. The room's only face to the other rooms, listed by what they use
 * it for; their writes to notes go through services named for what they do.
 */

// The room's routes and jobs (the Studio's routes.ts and jobs.ts).

export { NOTE_JOBS } from './job-definitions.ts';
export { registerNoteJobs } from './jobs.ts';
export { notesRoutes } from './routes.ts';

// A note of its owner and its sentences, read (capture, corrections, drafts, exports; search reads
// the same tables).

export { sendNoteDetail } from './note-answer.ts';
export { findNote, findNoteByUpload, type NoteRow } from './repository.ts';
export { listSentences, SENTENCES_PER_READ, type SentenceRow } from './sentences.repository.ts';
export { getNote, toListItem } from './service.ts';

// Notes capture makes: counted against the owner's daily number and quotas under the owner's lock,
// titled, stored, then transcribed (or joined from a recording's chunks first).

export { ASSEMBLE_FALLBACK_SECONDS, assembleJob, transcribeJob } from './job-definitions.ts';
export { assertTextQuota, countNewNotes, sttPerDayMessage, textQuotaMessage } from './limits.ts';
export { lockOwner, withOwnerLock } from './owner-lock.ts';
export {
  insertNote,
  insertNotesSkippingDuplicates,
  type NewNote,
  storedBytes,
} from './repository.ts';
export { insertSentences } from './sentences.repository.ts';
export { discardNote, markUploaded, quotaBytes, titleFrom } from './service.ts';

// Capture's maintenance pass: what was never finished, what waits, which media files are in use.

export { figuresPending, queueFiguresBackfill, registerFiguresJob } from './figures-backfill.ts';
export { referencedMediaPaths, unjoinedNotes } from './repository.ts';
export { discardAbandonedUploads, requeueWaitingNotes } from './service.ts';

// A retyped sentence (corrections): a conversation keeps only its owner's words for the profile.

export { storeCorrectedText } from './service.ts';
export { correctedOwnAnalysis } from './speakers.ts';

// A conversation note's speakers (capture makes them from a transcript; drafts read them through
// their own repository).

export { joinTurns, speakTurns, titleOfConversation } from './conversation.ts';
export { insertSpeakers, listSpeakers, type SpeakerRow } from './speakers.repository.ts';
export { ownAnalysis } from './speakers.ts';
export type { EditableSpeaker } from './speakers-edit.ts';

// A conversation uploaded one file per speaker (capture makes the note and its tracks, uploads their
// files, then queues each track's transcription).

export { trackJob } from './job-definitions.ts';
export { findTrack, insertTracks, type TrackRow, updateTrack } from './tracks.repository.ts';
export { distinctLabels, trackLabel } from './tracks.ts';
export { settleTracks } from './tracks-job.ts';

// The owner's voice: the profile rebuilt after a change, read by drafts.

export { queueProfile } from './service.ts';
export { findVoiceSettings, type VoiceSettingsRow } from './voice.repository.ts';
export { currentProfile, profileWithout } from './voice-profile.ts';

// 'Delete my data' and retention (the Studio's data.ts).

export { deleteStudioRowsOf, inactiveStudioOwners } from './repository.ts';
