import type { z } from 'zod';
import {
  ALT_TEXT_LIMITS,
  altTextMissing,
  IMAGES_PER_POST,
  type ImagePlatform,
  imagePlan,
  type Platform,
  type previewRequestSchema,
} from '#contract/publishing.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { clipSourceKind, findStudioDraft } from '../studio/index.ts';
import { COUNTING, countFor, partsFor } from './limits.ts';
import {
  clipHooksOf,
  clipPlan,
  goesAsImages,
  imageParts,
  previewImages,
  slideTextsOf,
  takesVideo,
} from './post-media.service.ts';
import { type AccountRow, findAccount } from './repository.ts';

/**
 * The publish preview: what each account would get from a draft, counted as its platform counts
 * (limits.ts), with a carousel's images and their alt text where it goes as images (post-media.service.ts).
 */

type PreviewInput = z.infer<typeof previewRequestSchema>;

export async function draftAndAccounts(ctx: AppContext, owner: string, input: PreviewInput) {
  const draft = await findStudioDraft(ctx.database.db, owner, input.draft_id);
  if (!draft) throw notFound('No such draft');
  if (draft.status !== 'ready') throw conflict('Only a ready draft can be published');
  const accounts: AccountRow[] = [];
  for (const id of new Set(input.account_ids)) {
    const account = await findAccount(ctx.database.db, id, owner);
    if (!account || account.status === 'disconnected') throw notFound('No such account');
    accounts.push(account);
  }
  // A clip goes as a video when it is cut from one; from a voice note, as its words.
  const clipKind =
    draft.format === 'clips'
      ? await clipSourceKind(ctx, owner, draft.blocks as never, input.clip ?? 1)
      : null;
  return { draft, accounts, clipKind };
}

export function previewOf(
  draft: Awaited<ReturnType<typeof draftAndAccounts>>['draft'],
  accounts: AccountRow[],
  texts?: Record<string, string[]>,
  alts?: Record<string, string[]>,
  clip = 1,
  clipKind: 'video' | 'voice' | null = null,
) {
  const slides = draft.format === 'carousel' ? slideTextsOf(draft.blocks as { text: string }[]) : [];
  const clips = draft.format === 'clips' ? clipHooksOf(draft.blocks as { kind: string; text: string }[]) : [];
  if (draft.format === 'clips' && !clips[clip - 1])
    throw notFound(`This draft has ${clips.length} clips; there is no clip ${clip}`);
  return accounts.map((account) => {
    const platform = account.platform as Platform;
    const asImages = goesAsImages(draft.format, platform);
    const asVideo = draft.format === 'clips' && clipKind === 'video' && takesVideo(platform);
    const parts = (
      texts?.[account.id] ??
      (asImages ? imageParts(slides) : clips.length ? [clips[clip - 1]!] : partsFor(draft as never, platform))
    ).map((t) => t.trim());
    const counted = parts.map((text) => {
      const count = countFor(platform, text, account.charLimit);
      return {
        text,
        length: count.length,
        limit: count.limit,
        fits: count.fits && text.length > 0,
        cut_at: count.cutAt,
      };
    });
    const images = asImages ? previewImages(platform, slides, alts?.[account.id]) : [];
    return {
      account_id: account.id,
      platform,
      handle: account.handle,
      parts: counted,
      images,
      video_clip: asVideo ? clip : null,
      fits: counted.length > 0 && counted.every((p) => p.fits) && images.every((i) => i.fits),
      counting:
        draft.format === 'carousel' && platform === 'linkedin'
          ? `${COUNTING[platform]}; the slides go with it as a PDF document`
          : asImages
            ? `${COUNTING[platform]}. ${imagePlan(slides.length)}`
            : clips.length
              ? `${COUNTING[platform]}. ${clipPlan(clip, clips.length, asVideo)}`
              : COUNTING[platform],
    };
  });
}

/** A carousel as images is refused while an image lacks alt text (or has too much), or its posts do not match its slides. */
export function imagesProblem(preview: ReturnType<typeof previewOf>[number]) {
  const missing = preview.images.find((i) => !i.alt);
  if (missing) throw badRequest(altTextMissing(missing.slide, preview.handle));
  const long = preview.images.find((i) => !i.fits);
  if (long)
    throw badRequest(
      `The alt text of slide ${long.slide} for ${preview.handle} is ${long.length} of ${long.limit} ${ALT_TEXT_LIMITS[preview.platform as ImagePlatform].unit}: shorten it first`,
    );
  const posts = preview.images.at(-1)!.part + 1;
  if (preview.parts.length !== posts)
    throw badRequest(
      `${preview.handle} gets the slides as ${posts} posts of up to ${IMAGES_PER_POST} images: give ${posts} texts, not ${preview.parts.length}`,
    );
}

/** What each account would get, counted as its platform counts, and where a part must be cut to fit. */
export async function previewPosts(ctx: AppContext, owner: string, input: PreviewInput) {
  const { draft, accounts, clipKind } = await draftAndAccounts(ctx, owner, input);
  return { accounts: previewOf(draft, accounts, input.texts, input.alts, input.clip, clipKind) };
}
