import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonInSlices } from './json-slices.ts';

const schema = z.object({
  id: z.string(),
  at: z.string(),
  items: z.array(z.object({ n: z.number().int(), text: z.string() })),
  tail: z.string().nullable(),
});

describe('an answer written in slices', () => {
  it('is the answer the route serializer writes, whatever the list length', async () => {
    for (const length of [0, 1, 199, 200, 201, 1_234]) {
      const value = {
        id: 'x',
        at: '1970-01-01T00:00:00.000Z',
        items: Array.from({ length }, (_, n) => ({ n, text: `"${n}"\n`, extra: 'dropped' })),
        tail: null,
      };
      const sliced = JSON.parse((await jsonInSlices(schema, 'items', value)).join(''));
      expect(sliced).toStrictEqual(JSON.parse(JSON.stringify(z.encode(schema, value))));
    }
    const onlyList = z.object({ items: z.array(z.number()) });
    expect((await jsonInSlices(onlyList, 'items', { items: [1, 2] })).join('')).toBe('{"items":[1,2]}');
  });

  it('refuses what its schema refuses, in the list or out of it', async () => {
    const value = { id: 'x', at: '1970-01-01T00:00:00.000Z', items: [{ n: 1, text: 'a' }], tail: null };
    await expect(jsonInSlices(schema, 'items', { ...value, id: 1 } as never)).rejects.toThrow();
    await expect(
      jsonInSlices(schema, 'items', { ...value, items: [...value.items, { n: 1.5, text: 'b' }] }),
    ).rejects.toThrow();
  });
});
