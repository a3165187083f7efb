/**
 * Hostile text shared by the worst-case tests and the stall bench: what makes sentence ranking do
 * the most work.
 */

/** Forty invented words, four per slot: every word in exactly a quarter of the sentences. */
const WORDS =
  'alpha bravo charlie delta echoes foxtrot golfer hotel indigo juliet kilos limas mikes novembers oscars papas quebec romeo sierras tangos uniforms victors whiskey xrays yankees zulus amber birch cedar dunes ember fjord grove heath inlet jetty knoll lagoon marsh north'.split(
    ' ',
  );

/** Sentences whose every word is in exactly a quarter of them (ranking's worst case), to `length` characters. */
export function quarterStems(length: number): string {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < length; i++) {
    const words = Array.from(
      { length: 10 },
      (_, k) => WORDS[k * 4 + ((Math.floor(i / 4 ** (k % 5)) + k) % 4)],
    );
    const sentence = `${words.join(' ')}.`;
    out.push(sentence);
    size += sentence.length + 1;
  }
  return out.join(' ').slice(0, length);
}
