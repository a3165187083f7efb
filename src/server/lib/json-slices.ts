import { z } from 'zod';
import { loopSlices } from './event-loop.ts';

/**
 * A large answer checked against its schema and written as JSON in slices of the event loop: the
 * route's own serializer checks and writes the whole value in one go, which for a note of tens of
 * thousands of sentences held the loop past the rule's bound. The answer is the same: every field
 * checked by the same schema (encoded as the route's serializer does), the list `key` a slice of
 * items at a time; only its place in the object moves to the end (JSON objects have no order). It
 * comes in parts, in order, a few hundred items each, so that it is also sent a part at a time (a
 * string of megabytes is encoded to bytes in one go). Nothing is answered before the whole value
 * has passed its schema. The route keeps its response schema, for its documentation and for any
 * other answer it gives.
 */
export async function jsonInSlices<Shape extends z.ZodRawShape, Key extends keyof Shape & string>(
  schema: z.ZodObject<Shape>,
  key: Key,
  value: z.input<z.ZodObject<Shape>>,
): Promise<string[]> {
  const list = (value as Record<string, unknown>)[key];
  if (!Array.isArray(list)) throw new TypeError(`${key} is not a list`);
  const { rest, items: itemsSchema } = partsOf(schema, key);
  const head = JSON.stringify(z.encode(rest, { ...value, [key]: undefined } as never));
  const slice = loopSlices();
  const parts = [
    head === '{}' ? `{${JSON.stringify(key)}:[` : `${head.slice(0, -1)},${JSON.stringify(key)}:[`,
  ];
  for (let at = 0; at < list.length; at += ITEMS_PER_STEP) {
    const items = JSON.stringify(z.encode(itemsSchema, list.slice(at, at + ITEMS_PER_STEP))).slice(1, -1);
    parts.push(at === 0 ? items : `,${items}`);
    await slice();
  }
  parts.push(']}');
  return parts;
}

/**
 * The schema without its list, and the list's own, made once per schema and key: zod compiles a
 * schema on its first use (code generated for its fields), and a schema made per answer was
 * compiled again for every answer (a note polled while it is transcribed, each poll).
 */
const derived = new WeakMap<z.ZodObject, Map<string, { rest: z.ZodType; items: z.ZodType }>>();
function partsOf(schema: z.ZodObject, key: string) {
  let byKey = derived.get(schema);
  if (!byKey) {
    byKey = new Map();
    derived.set(schema, byKey);
  }
  let parts = byKey.get(key);
  if (!parts) {
    const item = (schema.shape[key] as unknown as z.ZodArray<z.ZodType>).element;
    parts = { rest: schema.omit({ [key]: true } as never), items: z.array(item) };
    byKey.set(key, parts);
  }
  return parts;
}

/** Items checked and written between checkpoints (a step is well under a slice). */
const ITEMS_PER_STEP = 200;
