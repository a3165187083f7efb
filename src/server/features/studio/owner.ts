import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';

/**
 * Per owner and minute (`cuts`: clips cut from a recording with ffmpeg; `patches`: tus PATCHes,
 * each a piece of an upload resumed or continued).
 */
export const STUDIO_RATE_LIMITS = {
  writes: 120,
  imports: 10,
  chunks: 600,
  patches: 600,
  cuts: 20,
  /** Ideas and the voice card: read from every note of the owner. */
  reads: 120,
  /** Questions asked of the notes: each reads the search's notes and sentences. */
  asks: 30,
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner of a Studio request (set once, before validation, by the Studio's onRequest hook). */
    studioOwner: string | null;
  }
}

/** The same owner by the raw Node request, for a handler that sees only that (the tus server). */
const rawOwners = new WeakMap<IncomingMessage, string>();

/**
 * The one place a Studio request's signed-in owner is recorded (the session hook, routes.ts):
 * the `studioOwner` decoration, and the raw request it wraps.
 */
export function setOwner(request: FastifyRequest, owner: string): void {
  request.studioOwner = owner;
  rawOwners.set(request.raw, owner);
}

/** The signed-in owner of a raw Node request that went through the session hook. */
export const ownerOfRaw = (raw: IncomingMessage): string | undefined => rawOwners.get(raw);

/** The signed-in owner of a Studio request (the `studioOwner` decoration; see routes.ts). */
export const ownerOf = (request: FastifyRequest): string => {
  const owner = request.studioOwner;
  if (!owner) throw new AppError('unauthorized', 'Please verify your email to use the Studio');
  return owner;
};

export const limit = (ctx: AppContext, request: FastifyRequest, kind: keyof typeof STUDIO_RATE_LIMITS) =>
  enforceRateLimit(ctx.database.db, `studio-${kind}:${ownerOf(request)}`, STUDIO_RATE_LIMITS[kind], 60);

/**
 * Downloads of drafts as files (decision 018): exports count against STUDIO_EXPORTS_PER_MINUTE
 * (cut clips against `cuts` instead), and both against the owner's STUDIO_EXPORTS_PER_DAY.
 */
export async function limitExports(ctx: AppContext, request: FastifyRequest, kind: 'export' | 'cut') {
  const owner = ownerOf(request);
  const { perMinute, perDay } = ctx.config.studio.exports;
  if (kind === 'cut') await limit(ctx, request, 'cuts');
  else await enforceRateLimit(ctx.database.db, `studio-exports:${owner}`, perMinute, 60);
  await enforceRateLimit(ctx.database.db, `studio-exports-day:${owner}`, perDay, 24 * 60 * 60);
}
