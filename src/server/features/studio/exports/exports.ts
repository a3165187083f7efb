import { type Draft, type DraftBlock, numberedPost } from '#contract/studio-drafts.ts';

/**
 * A draft as a file: Markdown, HTML (every text escaped) or plain text. Thread posts are numbered
 * "1/N" once (a counter already in a post's text is dropped), or not at all (`numbered` false); blog posts carry their title, description and keywords (front matter in Markdown, <meta>
 * in HTML); clips list their times. Captions (SRT/VTT) and carousel PNGs are made elsewhere.
 */

type Part = {
  kind: 'title' | 'meta' | 'keywords' | 'heading' | 'paragraph' | 'quote' | 'item';
  text: string;
};

/** Blocks as parts: sentence blocks of one group make one paragraph. */
function partsOf(draft: Pick<Draft, 'format' | 'blocks'>, numbered = true): Part[] {
  const parts: Part[] = [];
  const posts = draft.blocks.filter((b) => b.kind === 'post');
  let paragraph: { group: number; texts: string[] } | null = null;
  const flush = () => {
    if (paragraph) parts.push({ kind: 'paragraph', text: paragraph.texts.join(' ') });
    paragraph = null;
  };
  for (const block of draft.blocks) {
    if (block.kind === 'sentence') {
      if (paragraph && paragraph.group !== block.group) flush();
      paragraph ??= { group: block.group, texts: [] };
      paragraph.texts.push(block.text);
      continue;
    }
    flush();
    parts.push(partOf(block, posts, numbered));
  }
  flush();
  return parts;
}

function partOf(block: DraftBlock, posts: DraftBlock[], numbered: boolean): Part {
  switch (block.kind) {
    case 'title':
    case 'meta':
    case 'keywords':
    case 'heading':
    case 'quote':
      return { kind: block.kind, text: block.text };
    case 'post':
      return {
        kind: 'paragraph',
        text: numberedPost(block.text, posts.indexOf(block) + 1, posts.length, numbered),
      };
    case 'slide':
      return { kind: 'item', text: block.text };
    case 'clip':
      return {
        kind: 'item',
        text:
          block.start_ms !== undefined && block.end_ms !== undefined
            ? `${clock(block.start_ms)}–${clock(block.end_ms)} ${block.text}`
            : block.text,
      };
    default:
      return { kind: 'paragraph', text: block.text };
  }
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function toMarkdown(draft: Pick<Draft, 'format' | 'blocks' | 'meta'>, numbered = true): string {
  const parts = partsOf(draft, numbered);
  const front = parts.filter((p) => ['title', 'meta', 'keywords'].includes(p.kind));
  const out: string[] = [];
  if (draft.format === 'blog' && front.length) {
    const yaml = (s: string) => JSON.stringify(s);
    out.push('---');
    for (const p of front) out.push(`${p.kind === 'meta' ? 'description' : p.kind}: ${yaml(p.text)}`);
    if (typeof draft.meta.slug === 'string') out.push(`slug: ${yaml(draft.meta.slug)}`);
    out.push('---', '');
  }
  let item = 0;
  for (const p of parts) {
    if (p.kind === 'title') out.push(`# ${p.text}`, '');
    else if (p.kind === 'heading') out.push(`## ${p.text}`, '');
    else if (p.kind === 'quote') out.push(`> ${p.text}`, '');
    else if (p.kind === 'item') out.push(`${++item}. ${p.text}`);
    else if (p.kind === 'paragraph') out.push(p.text, '');
  }
  return `${out.join('\n').trim()}\n`;
}

export function toText(draft: Pick<Draft, 'format' | 'blocks'>, numbered = true): string {
  let item = 0;
  const lines = partsOf(draft, numbered).flatMap((p) => {
    if (p.kind === 'meta' || p.kind === 'keywords') return [];
    if (p.kind === 'item') return [`${++item}. ${p.text}`];
    return [p.text, ''];
  });
  return `${lines.join('\n').trim()}\n`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function toHtml(draft: Pick<Draft, 'format' | 'blocks'>, numbered = true): string {
  const parts = partsOf(draft, numbered);
  const title = parts.find((p) => p.kind === 'title')?.text ?? 'Draft';
  const head = [`<meta charset="utf-8">`, `<title>${escapeHtml(title)}</title>`];
  const meta = parts.find((p) => p.kind === 'meta');
  if (meta) head.push(`<meta name="description" content="${escapeHtml(meta.text)}">`);
  const keywords = parts.find((p) => p.kind === 'keywords');
  if (keywords) head.push(`<meta name="keywords" content="${escapeHtml(keywords.text)}">`);
  const body: string[] = [];
  const items = parts.filter((p) => p.kind === 'item');
  for (const p of parts) {
    if (p.kind === 'title') body.push(`<h1>${escapeHtml(p.text)}</h1>`);
    else if (p.kind === 'heading') body.push(`<h2>${escapeHtml(p.text)}</h2>`);
    else if (p.kind === 'quote') body.push(`<blockquote>${escapeHtml(p.text)}</blockquote>`);
    else if (p.kind === 'paragraph') body.push(`<p>${escapeHtml(p.text)}</p>`);
  }
  if (items.length) body.push(`<ol>${items.map((p) => `<li>${escapeHtml(p.text)}</li>`).join('')}</ol>`);
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n<article>\n${body.join('\n')}\n</article>\n</body>\n</html>\n`;
}
