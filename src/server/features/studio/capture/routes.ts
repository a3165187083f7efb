import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ErrorCode } from '#contract/api.ts';
import { noteListItemSchema, STUDIO_API } from '#contract/studio.ts';
import {
  conversationCreatedSchema,
  createConversationSchema,
  finishRecordingSchema,
  IMPORT_BODY_MAX_BYTES,
  importRequestSchema,
  importResponseSchema,
  recordingChunkParamsSchema,
  recordingChunkResponseSchema,
  recordingIdParamsSchema,
  recordingSchema,
  STUDIO_NOTE_ID_HEADER,
  STUDIO_UPLOADS_PATH,
  startRecordingSchema,
} from '#contract/studio-capture.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { deleted, operations, storeErrors } from '../../../lib/operation.ts';
import { ensureStudioDirs, requireStorage } from '../media-store.ts';
import { limit, ownerOf } from '../owner.ts';
import { importForOwner } from './imports.service.ts';
import { patchUpload } from './patches.service.ts';
import {
  discardRecording,
  finishRecordingAsNote,
  getRecording,
  putRecordingChunk,
  startRecording,
} from './recordings.service.ts';
import { createConversation } from './tracks.service.ts';
import { checkUploadRequest, createTusServer, handleTus as handleTusRequest } from './uploads.service.ts';

const operation = operations('Studio', 'dashboard');
/** What storing bytes can answer, the media store's failures included (decision 017). */
const storing: ErrorCode[] = [
  'conflict',
  'quota_exceeded',
  'unsupported_media_type',
  ...storeErrors,
  'rate_limited',
];

/** Imports: links to transcribe and files of posts (X, LinkedIn, CSV, plain text). */
export function importRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${STUDIO_API}/imports`,
      {
        schema: { body: importRequestSchema, response: { 201: importResponseSchema } },
        bodyLimit: IMPORT_BODY_MAX_BYTES,
        config: operation(
          'importStudioNotes',
          'Import notes from a file (text, Markdown, subtitles, exports)',
          { errors: ['malformed_request', 'unsupported_media_type', 'rate_limited'] },
        ),
      },
      async (request, reply) => {
        await limit(ctx, request, 'imports');
        return reply.code(201).send(await importForOwner(ctx, ownerOf(request), request.body));
      },
    );
  };
}

/** Bodies streamed to disk as they arrive (never buffered): tus PATCHes and recording chunks. */
const STREAMED_TYPES = ['application/offset+octet-stream', 'application/octet-stream'];
const STREAMED_PATTERNS = [/^audio\//, /^video\//];

/**
 * The tus endpoint (`/api/studio/uploads`, tus 1.0.0 with creation and termination) and the
 * recording API (`/api/studio/recordings`: chunks go up while recording).
 */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await ensureStudioDirs(ctx.config);
    const tus = createTusServer(ctx);
    // The raw request stream is left unread for the tus server or the chunk writer.
    const leaveUnread = (
      _request: unknown,
      _payload: unknown,
      done: (error: null, body: undefined) => void,
    ) => done(null, undefined);
    app.addContentTypeParser(STREAMED_TYPES, leaveUnread);
    for (const pattern of STREAMED_PATTERNS) app.addContentTypeParser(pattern, leaveUnread);

    const handleTus = async (request: FastifyRequest, reply: FastifyReply) => {
      const owner = ownerOf(request);
      if (request.headers['tus-resumable'] !== '1.0.0')
        throw new AppError('validation_failed', 'This is a tus 1.0.0 endpoint: send Tus-Resumable: 1.0.0');
      // A store that does not answer: 503 before anything is received (the client keeps its file).
      await requireStorage(ctx.config);
      const id = (request.params as { id?: string }).id;
      if (id) {
        if ((await checkUploadRequest(ctx, owner, id, request.method)) === 'terminated')
          return reply.code(204).header('tus-resumable', '1.0.0').send();
        if (request.method === 'PATCH') {
          await limit(ctx, request, 'patches');
          const { offset, noteId } = await patchUpload(ctx, owner, id, request.headers, request.raw);
          reply.code(204).header('tus-resumable', '1.0.0').header('upload-offset', String(offset));
          if (noteId) reply.header(STUDIO_NOTE_ID_HEADER, noteId);
          return reply.send();
        }
      } else if (request.method === 'POST') await limit(ctx, request, 'writes');
      // tus reads the upload id from the whole URL (query included): it gets the checked id only.
      request.raw.url = id ? `${STUDIO_UPLOADS_PATH}/${encodeURIComponent(id)}` : STUDIO_UPLOADS_PATH;
      // The tus server writes its answer itself: it carries the headers every answer has (helmet's).
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      await handleTusRequest(tus, request.raw, reply.raw);
    };
    app.route({
      method: 'POST',
      url: STUDIO_UPLOADS_PATH,
      bodyLimit: 1,
      handler: handleTus,
      config: operation('createStudioUpload', 'Start a resumable upload (tus 1.0.0 creation)', {
        errors: storing,
        answers: { 201: { description: 'Upload created; Location names it' } },
      }),
    });
    app.route({
      method: 'HEAD',
      url: `${STUDIO_UPLOADS_PATH}/:id`,
      bodyLimit: 1,
      handler: handleTus,
      // swagger leaves HEAD routes out unless one asks to be shown.
      config: {
        ...operation('getStudioUploadOffset', 'How many bytes of an upload are stored (tus Upload-Offset)', {
          errors: storeErrors,
          answers: { 200: { description: 'Upload-Offset and Upload-Length headers; no body' } },
        }),
        swagger: { exposeHeadRoute: true },
      },
    });
    app.route({
      method: 'PATCH',
      url: `${STUDIO_UPLOADS_PATH}/:id`,
      bodyLimit: 1,
      handler: handleTus,
      config: operation('appendStudioUpload', 'Send the next bytes of an upload (tus)', {
        errors: storing,
        answers: { 204: { description: 'Stored; Upload-Offset is the new offset' } },
      }),
    });
    app.route({
      method: 'DELETE',
      url: `${STUDIO_UPLOADS_PATH}/:id`,
      bodyLimit: 1,
      handler: handleTus,
      config: operation('deleteStudioUpload', 'Cancel an upload (tus termination)', {
        errors: ['conflict', ...storeErrors],
        answers: deleted,
      }),
    });

    app.post(
      `${STUDIO_API}/recordings`,
      {
        schema: { body: startRecordingSchema, response: { 201: recordingSchema } },
        config: operation('startStudioRecording', 'Start a recording sent in chunks while it records', {
          errors: ['quota_exceeded', ...storeErrors, 'rate_limited'],
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        await requireStorage(ctx.config);
        return reply.code(201).send(await startRecording(ctx, ownerOf(request), request.body));
      },
    );

    app.get(
      `${STUDIO_API}/recordings/:id`,
      {
        schema: { params: recordingIdParamsSchema, response: { 200: recordingSchema } },
        config: operation('getStudioRecording', 'A recording and the chunks stored so far'),
      },
      async (request) => getRecording(ctx, ownerOf(request), request.params.id),
    );

    app.put(
      `${STUDIO_API}/recordings/:id/chunks/:n`,
      {
        schema: { params: recordingChunkParamsSchema, response: { 200: recordingChunkResponseSchema } },
        config: operation('putStudioRecordingChunk', 'Store chunk n of a recording', {
          errors: storing,
        }),
      },
      async (request) => {
        await limit(ctx, request, 'chunks');
        // Refused before the body is read: the recorder keeps the chunk and sends it again.
        await requireStorage(ctx.config);
        return putRecordingChunk(ctx, ownerOf(request), request.params.id, request.params.n, request.raw);
      },
    );

    app.post(
      `${STUDIO_API}/recordings/:id/finish`,
      {
        schema: {
          params: recordingIdParamsSchema,
          body: finishRecordingSchema,
          response: { 201: noteListItemSchema },
        },
        config: operation('finishStudioRecording', 'Finish a recording; it becomes a note', {
          errors: ['conflict', 'unsupported_media_type', ...storeErrors, 'rate_limited'],
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        await requireStorage(ctx.config);
        return reply
          .code(201)
          .send(await finishRecordingAsNote(ctx, ownerOf(request), request.params.id, request.body));
      },
    );

    app.post(
      `${STUDIO_API}/conversations`,
      {
        schema: { body: createConversationSchema, response: { 201: conversationCreatedSchema } },
        config: operation(
          'createStudioConversation',
          'Start a conversation uploaded one file per speaker (each file then goes up by tus)',
          { errors: ['quota_exceeded', 'unavailable', ...storeErrors, 'rate_limited'] },
        ),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        await requireStorage(ctx.config);
        return reply.code(201).send(await createConversation(ctx, ownerOf(request), request.body));
      },
    );

    app.delete(
      `${STUDIO_API}/recordings/:id`,
      {
        schema: { params: recordingIdParamsSchema },
        config: operation('discardStudioRecording', 'Discard an unfinished recording', {
          errors: ['conflict', ...storeErrors],
          answers: deleted,
        }),
      },
      async (request, reply) => {
        // No store needed: the recording goes now, its chunks once the store answers.
        await discardRecording(ctx, ownerOf(request), request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
