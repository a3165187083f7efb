import { type Answer, deleted, feature, type Operation } from './operation.ts';

const media: Record<number, Answer> = {
  200: { description: "The note's media file", type: 'application/octet-stream' },
  206: {
    description: 'One byte range of the media (Range: bytes=start-end)',
    type: 'application/octet-stream',
  },
  416: { description: 'The range lies outside the file (Content-Range: bytes */size); no body' },
};
// A route that touches the media store answers 503 `storage_unavailable` while it does not answer
// and 502 `storage_refused` when it refuses an operation Echo needs (decision 017).
const store: Operation['errors'] = ['storage_unavailable', 'storage_refused'];
const upload: Operation['errors'] = ['conflict', 'quota_exceeded', 'unsupported_media_type', ...store];

export const STUDIO = feature('Studio', 'dashboard', {
  'POST /api/studio/notes': [
    'createStudioNote',
    'Write a text note',
    { example: { title: 'Why I record on walks', text: 'I think better when I walk...' } },
  ],
  'GET /api/studio/notes': ['listStudioNotes', 'Your notes, newest first, a page at a time'],
  'GET /api/studio/notes/{id}': ['getStudioNote', 'One note with its transcript and analysis'],
  'PATCH /api/studio/notes/{id}': [
    'updateStudioNote',
    "Edit a note's title or text",
    { errors: ['conflict'] },
  ],
  'PATCH /api/studio/notes/{id}/sentences/{sentenceId}': [
    'updateStudioSentence',
    "Correct the words of one sentence of a note's transcript (its times stay)",
    { errors: ['conflict'], example: { text: 'We raised our prices and nobody left.' } },
  ],
  'DELETE /api/studio/notes/{id}': ['deleteStudioNote', 'Delete a note and its media', { answers: deleted }],
  'GET /api/studio/notes/{id}/media': [
    'getStudioNoteMedia',
    "Play a note's media (one byte range at a time)",
    { answers: media, errors: store },
  ],
  'HEAD /api/studio/notes/{id}/media': [
    'headStudioNoteMedia',
    "Size and type of a note's media",
    { answers: media, errors: store },
  ],
  'POST /api/studio/imports': [
    'importStudioNotes',
    'Import notes from a file (text, Markdown, subtitles, exports)',
    { errors: ['malformed_request', 'unsupported_media_type'] },
  ],
  'GET /api/studio/search': ['searchStudioNotes', 'Search your notes'],
  'GET /api/studio/ideas': ['listStudioIdeas', 'Ideas found across your notes'],
  'GET /api/studio/voice': ['getVoiceProfile', 'Your voice profile'],
  'PUT /api/studio/voice': ['updateVoiceProfile', 'Adjust your voice profile'],
  'GET /api/studio/usage': ['getStudioUsage', 'Storage used and the quota'],
  'POST /api/studio/uploads': [
    'createStudioUpload',
    'Start a resumable upload (tus 1.0.0 creation)',
    { errors: upload, answers: { 201: { description: 'Upload created; Location names it' } } },
  ],
  'HEAD /api/studio/uploads/{id}': [
    'getStudioUploadOffset',
    'How many bytes of an upload are stored (tus Upload-Offset)',
    {
      errors: store,
      answers: { 200: { description: 'Upload-Offset and Upload-Length headers; no body' } },
    },
  ],
  'PATCH /api/studio/uploads/{id}': [
    'appendStudioUpload',
    'Send the next bytes of an upload (tus)',
    { errors: upload, answers: { 204: { description: 'Stored; Upload-Offset is the new offset' } } },
  ],
  'DELETE /api/studio/uploads/{id}': [
    'deleteStudioUpload',
    'Cancel an upload (tus termination)',
    { errors: ['conflict', ...store], answers: deleted },
  ],
  'POST /api/studio/recordings': [
    'startStudioRecording',
    'Start a recording sent in chunks while it records',
    { errors: ['quota_exceeded', ...store] },
  ],
  'GET /api/studio/recordings/{id}': ['getStudioRecording', 'A recording and the chunks stored so far'],
  'DELETE /api/studio/recordings/{id}': [
    'discardStudioRecording',
    'Discard an unfinished recording',
    {
      errors: ['conflict', ...store],
      answers: deleted,
    },
  ],
  'PUT /api/studio/recordings/{id}/chunks/{n}': [
    'putStudioRecordingChunk',
    'Store chunk n of a recording',
    {
      errors: upload,
    },
  ],
  'POST /api/studio/recordings/{id}/finish': [
    'finishStudioRecording',
    'Finish a recording; it becomes a note',
    { errors: ['conflict', 'unsupported_media_type', ...store] },
  ],
  'POST /api/studio/drafts': [
    'createStudioDrafts',
    'Create drafts (blog post, posts, thread...) from notes',
    { errors: ['not_found'] },
  ],
  'GET /api/studio/drafts': ['listStudioDrafts', 'Your drafts, newest first'],
  'GET /api/studio/drafts/{id}': ['getStudioDraft', 'One draft with its blocks and their sources'],
  'PUT /api/studio/drafts/{id}': [
    'updateStudioDraft',
    'Save your edits to a draft: texts, and blocks added, deleted or moved',
  ],
  'POST /api/studio/drafts/{id}/regenerate': ['regenerateStudioDraft', 'Write a draft (or one block) again'],
  'GET /api/studio/drafts/{id}/versions': [
    'listStudioDraftVersions',
    'Earlier versions of a draft, newest first',
  ],
  'POST /api/studio/drafts/{id}/versions/{vid}/restore': [
    'applyStudioDraftVersion',
    'Bring an earlier version of a draft back',
  ],
  'GET /api/studio/drafts/{id}/export': [
    'exportStudioDraft',
    'Download a draft as a file',
    {
      answers: {
        200: { description: 'md, html, txt, srt, vtt, zip or pdf', type: 'application/octet-stream' },
      },
    },
  ],
  'GET /api/studio/drafts/{id}/clips/{n}': [
    'getStudioDraftClip',
    'Download clip n of a clip-hooks draft',
    {
      errors: ['unavailable', 'unsupported_media_type', ...store],
      answers: { 200: { description: 'audio/mp4 or video/mp4', type: 'application/octet-stream' } },
    },
  ],
});
