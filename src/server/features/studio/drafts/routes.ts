import type { Socket } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#contract/ids.ts';
import { STUDIO_API } from '#contract/studio.ts';
import {
  draftVersionsSchema,
  regenerateDraftSchema,
  updateDraftSchema,
  versionParamsSchema,
} from '#contract/studio-draft-edits.ts';
import {
  clipParamsSchema,
  createDraftsSchema,
  draftSchema,
  exportQuerySchema,
  factParamsSchema,
} from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { operations, storeErrors } from '../../../lib/operation.ts';
import { CUT_TIMEOUT_MS, cutDraftClip } from '../exports/index.ts';
import { limit, limitExports, ownerOf } from '../owner.ts';
import { saveDraftEdits } from './edits.service.ts';
import { exportDraft } from './exports.service.ts';
import { putBackFact } from './facts.service.ts';
import { createDrafts, getDraft, listDraftsOf, ownDraft, regenerateDraft } from './service.ts';
import { draftVersions, restoreVersion } from './versions.service.ts';

const operation = operations('Studio', 'dashboard');

/** Echo Studio drafts; registered inside the Studio's routes, behind its session hook. */
export function draftRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${STUDIO_API}/drafts`,
      {
        schema: {
          summary: 'Create drafts from notes',
          description:
            'Starts one generation per format (blog, linkedin, thread, carousel, clips) from the given notes and answers the drafts at once (status `waiting`); poll GET /drafts/{id}. `engine`: `auto` uses the configured language model when there is one, else the offline extractive engine.',
          body: createDraftsSchema,
          response: { 202: z.object({ drafts: z.array(draftSchema) }) },
        },
        config: operation('createStudioDrafts', 'Create drafts (blog post, posts, thread...) from notes', {
          errors: ['not_found', 'rate_limited'],
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        return reply.code(202).send({ drafts: await createDrafts(ctx, ownerOf(request), request.body) });
      },
    );

    app.get(
      `${STUDIO_API}/drafts`,
      {
        schema: {
          querystring: z.object({ note_id: z.string().max(100).optional() }),
          response: { 200: z.object({ drafts: z.array(draftSchema) }) },
        },
        config: operation('listStudioDrafts', 'Your drafts, newest first'),
      },
      async (request) => ({ drafts: await listDraftsOf(ctx, ownerOf(request), request.query.note_id) }),
    );

    app.get(
      `${STUDIO_API}/drafts/:id`,
      {
        schema: {
          description:
            'A draft: its blocks, each with the source sentences it came from (`sources`, `available` false once the note is deleted) and whether they support it, and its voice-fidelity score with reasons.',
          params: idParamsSchema,
          response: { 200: draftSchema },
        },
        config: operation('getStudioDraft', 'One draft with its blocks and their sources'),
      },
      async (request) => getDraft(ctx, ownerOf(request), request.params.id),
    );

    app.put(
      `${STUDIO_API}/drafts/:id`,
      {
        schema: { params: idParamsSchema, body: updateDraftSchema, response: { 200: draftSchema } },
        config: operation(
          'updateStudioDraft',
          'Save your edits to a draft: texts, and blocks added, deleted or moved',
          { errors: ['rate_limited'] },
        ),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        return saveDraftEdits(ctx, ownerOf(request), request.params.id, request.body);
      },
    );

    app.post(
      `${STUDIO_API}/drafts/:id/regenerate`,
      {
        schema: { params: idParamsSchema, body: regenerateDraftSchema, response: { 202: draftSchema } },
        config: operation('regenerateStudioDraft', 'Write a draft (or one block) again', {
          errors: ['rate_limited'],
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        return reply
          .code(202)
          .send(await regenerateDraft(ctx, ownerOf(request), request.params.id, request.body.block_id));
      },
    );

    app.post(
      `${STUDIO_API}/drafts/:id/facts/:fact_id/put-back`,
      {
        schema: {
          description:
            'Puts a fact the draft left out (`meta.facts`, `kept: false`) back: its source sentence, as a draft writes it (numbers as figures), becomes a block citing it, after the blocks citing what came before it in the note (a sentence of a paragraph, a post, a slide). The draft as it was is kept as a version; the checklist and score are worked out again. 400 when the fact is already in the draft or its sentence is gone.',
          params: factParamsSchema,
          response: { 200: draftSchema },
        },
        config: operation('putBackStudioDraftFact', 'Put a fact the draft left out back in', {
          errors: ['rate_limited'],
        }),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        return putBackFact(ctx, ownerOf(request), request.params.id, request.params.fact_id);
      },
    );

    app.get(
      `${STUDIO_API}/drafts/:id/versions`,
      {
        schema: {
          description:
            'The earlier versions of a draft, newest first: the draft as it was before each save, regeneration or restore (the last 20 are kept).',
          params: idParamsSchema,
          response: { 200: draftVersionsSchema },
        },
        config: operation('listStudioDraftVersions', 'Earlier versions of a draft, newest first'),
      },
      async (request) => ({ versions: await draftVersions(ctx, ownerOf(request), request.params.id) }),
    );

    app.post(
      `${STUDIO_API}/drafts/:id/versions/:vid/restore`,
      {
        schema: {
          description:
            'Brings an earlier version back as the draft; the draft as it was is kept as a version in turn.',
          params: versionParamsSchema,
          response: { 200: draftSchema },
        },
        config: operation('applyStudioDraftVersion', 'Bring an earlier version of a draft back', {
          errors: ['rate_limited'],
        }),
      },
      async (request) => {
        await limit(ctx, request, 'writes');
        return restoreVersion(ctx, ownerOf(request), request.params.id, request.params.vid);
      },
    );

    app.get(
      `${STUDIO_API}/drafts/:id/export`,
      {
        schema: {
          description:
            "The draft as a file: md, html or txt for every format, srt or vtt for clip hooks (every clip on the recording's clock; with clip=n, clip n alone from 0), zip (PNG slides) or pdf (a page per slide, for LinkedIn's document posts) for carousels.",
          params: idParamsSchema,
          querystring: exportQuerySchema,
        },
        config: operation('exportStudioDraft', 'Download a draft as a file', {
          errors: ['rate_limited'],
          answers: {
            200: { description: 'md, html, txt, srt, vtt, zip or pdf', type: 'application/octet-stream' },
          },
        }),
      },
      async (request, reply) => {
        await limitExports(ctx, request, 'export');
        const file = await exportDraft(
          ctx,
          ownerOf(request),
          request.params.id,
          request.query.as,
          request.query.clip,
          request.query.numbers === 'yes',
        );
        return reply
          .header('content-type', file.type)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body);
      },
    );

    app.get(
      `${STUDIO_API}/drafts/:id/clips/:n`,
      {
        // No automatic HEAD: it would cut the clip only to throw it away.
        exposeHeadRoute: false,
        schema: {
          summary: 'Download a cut clip',
          description:
            'Clip `n` (from 1, in the draft’s order) of a clip-hooks draft, cut from its note’s recording with ffmpeg on request: `audio/mp4` (.m4a, AAC) for a voice note, `video/mp4` (H.264 and AAC, the clip’s captions burned in, at most 1280 px on the long side) for a video note. 404 when the draft is not yours, has no clip `n`, or its note or media is gone; 400 for a draft of another format or not ready yet; 503 when too many clips are being cut at once.',
          params: clipParamsSchema,
        },
        config: operation('getStudioDraftClip', 'Download clip n of a clip-hooks draft', {
          errors: ['unavailable', 'unsupported_media_type', ...storeErrors, 'rate_limited'],
          answers: { 200: { description: 'audio/mp4 or video/mp4', type: 'application/octet-stream' } },
        }),
      },
      async (request, reply) => {
        await limitExports(ctx, request, 'cut');
        // A video cut may take longer than the server's idle socket time-out before the first byte.
        (request.raw.socket as Partial<Socket> | undefined)?.setTimeout?.(CUT_TIMEOUT_MS.video + 15_000);
        const owner = ownerOf(request);
        const clip = await cutDraftClip(
          ctx,
          owner,
          await ownDraft(ctx, owner, request.params.id),
          request.params.n,
        );
        return reply
          .header('content-type', clip.type)
          .header('content-length', clip.bytes)
          .header('content-disposition', `attachment; filename="${clip.filename}"`)
          .send(clip.stream);
      },
    );
  };
}
