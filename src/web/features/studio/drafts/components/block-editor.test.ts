import { describe, expect, it } from 'vitest';
import type { Draft, DraftBlock } from '#contract/studio-drafts.ts';
import { savePayload, startEditing } from './block-editor.tsx';

const block = (id: string, kind: DraftBlock['kind'], group: number, text: string): DraftBlock => ({
  id,
  kind,
  group,
  text,
  sources: [],
  supported: true,
  origin: 'user',
});

const draft = {
  blocks: [
    block('b1', 'hook', 0, 'Raise your prices.'),
    block('b2', 'sentence', 1, 'One.'),
    block('b3', 'sentence', 1, 'Two.'),
    block('b4', 'sentence', 2, 'Three.'),
    block('b5', 'cta', 3, 'What would you charge?'),
  ],
} as Draft;

describe('what the editor saves', () => {
  it('edits a paragraph’s sentences as one part, keyed by its first block', () => {
    expect(startEditing(draft).order).toEqual(['b1', 'b2', 'b4', 'b5']);
  });

  it('sends a changed paragraph as one text, another part by its block, and nothing unchanged', () => {
    const state = {
      ...startEditing(draft),
      texts: { b2: 'One. And a half. Two.', b4: 'Three.', b5: 'What do you charge?' },
    };
    expect(savePayload(draft, state, false)).toEqual({
      blocks: [{ id: 'b5', text: 'What do you charge?' }],
      paragraphs: [{ ids: ['b2', 'b3'], text: 'One. And a half. Two.' }],
      learn: false,
    });
  });

  it('sends the order by block when parts moved, were deleted or added', () => {
    const state = {
      order: ['b4', 'b2', 'new-1', 'b1'],
      texts: { 'new-1': 'Mine.' },
      added: { 'new-1': 'cta' as const },
    };
    expect(savePayload(draft, state, true)).toEqual({
      blocks: [{ id: 'new-1', text: 'Mine.', kind: 'cta' }],
      order: ['b4', 'b2', 'b3', 'new-1', 'b1'],
      learn: true,
    });
  });
});
