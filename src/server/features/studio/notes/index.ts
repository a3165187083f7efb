/**
 * The Studio's notes (decision 015): the library, ideas and the voice profile, and the
 * transcription and profile jobs. The room's only face to the other rooms.
 */
export {
  ASSEMBLE_FALLBACK_SECONDS,
  assembleJob,
  NOTE_JOBS,
  profileJob,
  RECORDING_PART_MISSING,
  transcribeJob,
} from './job-definitions.ts';
export { type NoteJobDeps, registerNoteJobs } from './jobs.ts';
export { assertTextQuota, countNewNotes, textQuotaMessage } from './limits.ts';
export { lockOwner, withOwnerLock } from './owner-lock.ts';
export {
  deleteNote as deleteNoteRow,
  deleteStudioRowsOf,
  findNote,
  findNoteByUpload,
  inactiveStudioOwners,
  insertNote,
  insertNotesSkippingDuplicates,
  listSentences,
  type NewNote,
  type NoteRow,
  notesInStatus,
  referencedMediaPaths,
  replaceSentences,
  rewriteSentences,
  type SentenceRow,
  storedBytes,
  unjoinedNotes,
  updateNote as updateNoteRow,
} from './repository.ts';
export { notesRoutes } from './routes.ts';
export {
  createTextNote,
  deleteNote,
  getNote,
  queueProfile,
  quotaBytes,
  titleFrom,
  toListItem,
} from './service.ts';
export { currentProfile } from './voice-profile.ts';
export { findVoiceSettings, type VoiceSettingsRow } from './voice-repository.ts';
