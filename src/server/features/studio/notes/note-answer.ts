import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { type NoteDetail, noteDetailSchema } from '#contract/studio.ts';
import { jsonInSlices } from '../../../lib/json-slices.ts';

/**
 * A note with every sentence as the answer of a route (a note created, read, edited or corrected):
 * checked against `noteDetailSchema` and written as JSON in slices of the event loop, a few hundred
 * sentences at a time (`lib/json-slices.ts`), and sent a part at a time, instead of by the route's
 * serializer in one pass. The route still declares the schema; a stream answer skips its serializer.
 */
export async function sendNoteDetail(reply: FastifyReply, detail: NoteDetail, status = 200) {
  const parts = await jsonInSlices(noteDetailSchema, 'sentences', detail);
  return reply.code(status).type('application/json; charset=utf-8').send(Readable.from(parts));
}
