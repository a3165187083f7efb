import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, isUuid } from '#contract/ids.ts';
import {
  createTextNoteSchema,
  ideasResponseSchema,
  NOTE_NOT_FOUND_MESSAGE,
  noteDetailSchema,
  noteIdParamsSchema,
  notesPageSchema,
  notesQuerySchema,
  STUDIO_API,
  STUDIO_LIMITS,
  updateNoteSchema,
  usageSchema,
} from '#contract/studio.ts';
import {
  addSpeakerSchema,
  assignSpeakerSchema,
  mergeSpeakerSchema,
  speakerParamsSchema,
  updateSpeakerSchema,
} from '#contract/studio-corrections.ts';
import { updateVoiceSchema, voiceProfileSchema } from '#contract/studio-voice.ts';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { type Answer, deleted, operations, storeErrors } from '../../../lib/operation.ts';
import { onStorage, studioStorage } from '../media-store.ts';
import { limit, ownerOf } from '../owner.ts';
import { listIdeas } from './ideas.service.ts';
import { sendNoteDetail } from './note-answer.ts';
import { findNote } from './repository.ts';
import { createTextNote, deleteNote, getNote, listNotePage, reviewTranscript, usage } from './service.ts';
import { assignSpeaker, createSpeaker, mergeSpeaker, updateSpeaker } from './speakers.ts';
import { updateNote } from './text-edit.service.ts';
import { getVoice, updateVoice } from './voice.service.ts';

const operation = operations('Studio', 'dashboard');

/** What the media routes answer: the file, one byte range of it, or a range outside it. */
const media: Record<number, Answer> = {
  200: { description: "The note's media file", type: 'application/octet-stream' },
  206: {
    description: 'One byte range of the media (Range: bytes=start-end)',
    type: 'application/octet-stream',
  },
  416: { description: 'The range lies outside the file (Content-Range: bytes */size); no body' },
};

/**
 * Streams a note's media from the store through this process (the session check and headers stay
 * here), honouring one byte range (play from a sentence's time). A note still uploading is never
 * served: its object is unfinished (on local disk) or not yet there (in a bucket).
 */
async function sendMedia(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, id: string) {
  const note = isUuid(id) ? await findNote(ctx.database.db, ownerOf(request), id) : undefined;
  // Nor a recording whose chunks are not joined yet (a moment after it was finished).
  if (!note?.mediaPath || note.status === 'uploading' || note.joinRecordingId)
    throw notFound(NOTE_NOT_FOUND_MESSAGE);
  const key = note.mediaPath;
  const storage = studioStorage(ctx.config);
  const size = (await onStorage(ctx.config, () => storage.head(key)))?.size;
  if (size === undefined) throw notFound('The media file of this note is gone');
  reply.header('accept-ranges', 'bytes').header('content-type', note.mediaMime ?? 'application/octet-stream');
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? '').trim());
  if (!range || (range[1] === '' && range[2] === '')) {
    reply.header('content-length', size);
    return reply.send(request.method === 'HEAD' ? '' : await onStorage(ctx.config, () => storage.get(key)));
  }
  let start: number;
  let end: number;
  if (range[1] === '') {
    start = Math.max(0, size - Number(range[2]));
    end = size - 1;
  } else {
    start = Number(range[1]);
    end = range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
  }
  if (start >= size || start > end) {
    return reply.code(416).header('content-range', `bytes */${size}`).send('');
  }
  reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1);
  return reply.send(
    request.method === 'HEAD' ? '' : await onStorage(ctx.config, () => storage.get(key, { start, end })),
  );
}

/** The library (notes and their media), ideas, the voice profile and usage. */
export function notesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${STUDIO_API}/notes`,
      {
        schema: { body: createTextNoteSchema, response: { 201: noteDetailSchema } },
        bodyLimit: STUDIO_LIMITS.textMaxChars * 4 + 4096,
        config: operation('createStudioNote', 'Write a text note', {
          errors: ['rate_limited'],
          example: { title: 'Why I record on walks', text: 'I think better when I walk...' },
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        return sendNoteDetail(reply, await createTextNote(ctx, ownerOf(request), request.body), 201);
      },
    );

    app.get(
      `${STUDIO_API}/notes`,
      {
        schema: { querystring: notesQuerySchema, response: { 200: notesPageSchema } },
        config: operation('listStudioNotes', 'Your notes, newest first, a page at a time'),
      },
      async (request) => listNotePage(ctx, ownerOf(request), request.query),
    );

    app.get(
      `${STUDIO_API}/notes/:id`,
      {
        schema: { params: idParamsSchema, response: { 200: noteDetailSchema } },
        config: operation('getStudioNote', 'One note with its transcript and analysis'),
      },
      async (request, reply) =>
        sendNoteDetail(reply, await getNote(ctx, ownerOf(request), request.params.id)),
    );

    app.patch(
      `${STUDIO_API}/notes/:id`,
      {
        schema: { params: noteIdParamsSchema, body: updateNoteSchema, response: { 200: noteDetailSchema } },
        bodyLimit: STUDIO_LIMITS.textMaxChars * 4 + 4096,
        config: operation('updateStudioNote', "Edit a note's title or text", {
          errors: ['conflict', 'rate_limited'],
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        return sendNoteDetail(
          reply,
          await updateNote(ctx, ownerOf(request), request.params.id, request.body),
        );
      },
    );

    app.post(
      `${STUDIO_API}/notes/:id/review`,
      {
        schema: { params: noteIdParamsSchema, response: { 200: noteDetailSchema } },
        config: operation('confirmStudioTranscript', 'Say a rough transcript looks right', {
          errors: ['conflict', 'rate_limited'],
        }),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        return reviewTranscript(ctx, ownerOf(request), request.params.id);
      },
    );

    app.delete(
      `${STUDIO_API}/notes/:id`,
      {
        schema: { params: idParamsSchema },
        config: operation('deleteStudioNote', 'Delete a note and its media', {
          errors: ['rate_limited'],
          answers: deleted,
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        await deleteNote(ctx, ownerOf(request), request.params.id);
        return reply.code(204).send();
      },
    );

    // Who says what in a conversation (decision 023): each answers the note as it now is.
    app.post(
      `${STUDIO_API}/notes/:id/speakers`,
      {
        schema: { params: noteIdParamsSchema, body: addSpeakerSchema, response: { 201: noteDetailSchema } },
        config: operation(
          'createStudioSpeaker',
          'Add a speaker to a note, giving them a run of sentences (split a turn); in a solo note you become its first speaker',
          {
            errors: ['conflict', 'rate_limited'],
            example: { name: 'Priya', from: '00000000-0000-4000-8000-000000000000' },
          },
        ),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        return reply
          .code(201)
          .send(await createSpeaker(ctx, ownerOf(request), request.params.id, request.body));
      },
    );

    app.patch(
      `${STUDIO_API}/notes/:id/speakers/:speakerId`,
      {
        schema: {
          params: speakerParamsSchema,
          body: updateSpeakerSchema,
          response: { 200: noteDetailSchema },
        },
        config: operation('updateStudioSpeaker', 'Rename a speaker, or say "this is me"', {
          errors: ['conflict', 'rate_limited'],
          example: { name: 'Sam', me: true },
        }),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        const { id, speakerId } = request.params;
        return updateSpeaker(ctx, ownerOf(request), id, speakerId, request.body);
      },
    );

    app.post(
      `${STUDIO_API}/notes/:id/speakers/assign`,
      {
        schema: {
          params: noteIdParamsSchema,
          body: assignSpeakerSchema,
          response: { 200: noteDetailSchema },
        },
        config: operation('setStudioSentenceSpeaker', 'Say who said a sentence, or a run of sentences', {
          errors: ['conflict', 'rate_limited'],
        }),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        return assignSpeaker(ctx, ownerOf(request), request.params.id, request.body);
      },
    );

    app.post(
      `${STUDIO_API}/notes/:id/speakers/:speakerId/merge`,
      {
        schema: {
          params: speakerParamsSchema,
          body: mergeSpeakerSchema,
          response: { 200: noteDetailSchema },
        },
        config: operation(
          'joinStudioSpeakers',
          "Merge two speakers: this one's sentences become the other's",
          {
            errors: ['conflict', 'rate_limited'],
          },
        ),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        const { id, speakerId } = request.params;
        return mergeSpeaker(ctx, ownerOf(request), id, speakerId, request.body);
      },
    );

    // HEAD first: a GET registered before it would get Fastify's own HEAD route.
    app.route({
      method: 'HEAD',
      url: `${STUDIO_API}/notes/:id/media`,
      schema: { params: idParamsSchema },
      // swagger leaves HEAD routes out unless one asks to be shown.
      config: {
        ...operation('headStudioNoteMedia', "Size and type of a note's media", {
          answers: media,
          errors: [...storeErrors],
        }),
        swagger: { exposeHeadRoute: true },
      },
      handler: async (request, reply) =>
        sendMedia(ctx, request, reply, (request.params as { id: string }).id),
    });
    app.route({
      method: 'GET',
      url: `${STUDIO_API}/notes/:id/media`,
      schema: { params: idParamsSchema },
      config: operation('getStudioNoteMedia', "Play a note's media (one byte range at a time)", {
        answers: media,
        errors: [...storeErrors],
      }),
      handler: async (request, reply) =>
        sendMedia(ctx, request, reply, (request.params as { id: string }).id),
    });

    app.get(
      `${STUDIO_API}/ideas`,
      {
        schema: { response: { 200: ideasResponseSchema } },
        config: operation('listStudioIdeas', 'Ideas found across your notes', { errors: ['rate_limited'] }),
      },
      async (request) => {
        await limit(ctx, request, 'reads');
        return listIdeas(ctx, ownerOf(request));
      },
    );

    app.get(
      `${STUDIO_API}/voice`,
      {
        schema: { response: { 200: voiceProfileSchema } },
        config: operation('getVoiceProfile', 'Your voice profile', { errors: ['rate_limited'] }),
      },
      async (request) => {
        await limit(ctx, request, 'reads');
        return getVoice(ctx, ownerOf(request));
      },
    );

    app.put(
      `${STUDIO_API}/voice`,
      {
        schema: { body: updateVoiceSchema, response: { 200: voiceProfileSchema } },
        config: operation('updateVoiceProfile', 'Adjust your voice profile', { errors: ['rate_limited'] }),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        return updateVoice(ctx, ownerOf(request), request.body);
      },
    );

    app.get(
      `${STUDIO_API}/usage`,
      {
        schema: { response: { 200: usageSchema } },
        config: operation('getStudioUsage', 'Storage used and the quota'),
      },
      async (request) => usage(ctx, ownerOf(request)),
    );
  };
}
