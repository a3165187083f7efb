import { describe, expect, it } from 'vitest';
import { arrangeBlocks } from './arrange.ts';
import type { StoredBlock } from './repository.ts';

const block = (id: string, kind: StoredBlock['kind'], group: number): StoredBlock => ({
  id,
  kind,
  text: `Text of ${id}.`,
  group,
  sources: [{ note_id: 'n', sentence_id: `s-${id}` }],
  supported: true,
  origin: 'user',
});
// A title, then paragraph 1 (b2, b3) and paragraph 2 (b4, b5).
const blog = [
  block('b1', 'title', 0),
  block('b2', 'sentence', 1),
  block('b3', 'sentence', 1),
  block('b4', 'sentence', 2),
  block('b5', 'sentence', 2),
];

describe('arrangeBlocks', () => {
  it('without an order, only edits known blocks', () => {
    const { blocks, edits } = arrangeBlocks(blog, { blocks: [{ id: 'b2', text: ' New words. ' }] });
    expect(blocks).toBe(blog);
    expect([...edits]).toEqual([['b2', 'New words.']]);
    expect(() => arrangeBlocks(blog, { blocks: [{ id: 'b9', text: 'x' }] })).toThrow(/Unknown block: b9/);
  });

  it('gives an added block the next id, its predecessor’s paragraph and (unless asked) kind, and no source', () => {
    const { blocks, edits } = arrangeBlocks(blog, {
      blocks: [{ id: 'new-1', text: 'Mine.' }],
      order: ['b1', 'b2', 'new-1', 'b3', 'b4', 'b5'],
    });
    expect(blocks[2]).toEqual({
      id: 'b6',
      kind: 'sentence',
      text: '',
      group: 1,
      sources: [],
      supported: false,
      origin: 'user',
    });
    expect(edits.get('b6')).toBe('Mine.');
    // After the title (not a kind that can be added): a sentence.
    const afterTitle = arrangeBlocks(blog, { blocks: [{ id: 'x', text: 'Hi.' }], order: ['b1', 'x', 'b2'] });
    expect(afterTitle.blocks[1]!.kind).toBe('sentence');
    // An added block left empty adds nothing.
    const empty = arrangeBlocks(blog, {
      blocks: [{ id: 'x', text: '  ' }],
      order: ['x', ...blog.map((b) => b.id)],
    });
    expect(empty.blocks.map((b) => b.id)).toEqual(blog.map((b) => b.id));
  });

  it('puts a sentence moved into the middle of another paragraph in that paragraph, and deletes what is left out', () => {
    const { blocks } = arrangeBlocks(blog, { blocks: [], order: ['b1', 'b2', 'b4', 'b3'] });
    expect(blocks.map((b) => [b.id, b.group])).toEqual([
      ['b1', 0],
      ['b2', 1],
      ['b4', 1],
      ['b3', 1],
    ]);
    // Moved to the end of a paragraph, a sentence keeps its own.
    const end = arrangeBlocks(blog, { blocks: [], order: ['b1', 'b2', 'b3', 'b5', 'b4'] });
    expect(end.blocks.map((b) => b.group)).toEqual([0, 1, 1, 2, 2]);
  });

  it('refuses an id twice, an edit outside the order and an empty draft', () => {
    expect(() => arrangeBlocks(blog, { blocks: [], order: ['b1', 'b1'] })).toThrow(/twice/);
    expect(() => arrangeBlocks(blog, { blocks: [{ id: 'b2', text: 'x' }], order: ['b1'] })).toThrow(
      /not in the order/,
    );
    expect(() => arrangeBlocks(blog, { blocks: [{ id: 'b1', text: '' }], order: ['b1'] })).toThrow(
      /at least one block/,
    );
  });
});
