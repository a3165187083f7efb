/**
 * The Studio's exports (decision 015): a draft as files. Markdown, HTML and plain text
 * (`exports.ts`), captions of clips (`captions.ts`, made on the analysis threads and kept per version), carousel slides as PNGs and as a PDF (`render/`, drawn on a worker thread) and clips
 * cut from the recording by ffmpeg (`clips.ts`). It reads notes, never drafts: the drafts room
 * finds the owner's draft and hands it over. The room's only face.
 */
export { type CaptionedDraft, captionCacheBytes, captionsOf } from './captions.ts';
export {
  type ClipDraft,
  CUT_TIMEOUT_MS,
  type CutClip,
  type CutClipFile,
  cutClipFile,
  cutDraftClip,
} from './clips.ts';
export { toHtml, toMarkdown, toText } from './exports.ts';
export { type CarouselSlide, renderCarousel, slidePngs, zipSlides } from './render/carousel.ts';
export { slidesPdf } from './render/pdf.ts';
export { type CarouselFileKind, carouselFile, closeRenderPool } from './render/render-pool.ts';
