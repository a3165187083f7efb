import { describe, expect, it } from 'vitest';
import { STUDIO_LIMITS } from '#contract/studio.ts';
import { writtenForm } from './written-form.ts';

/** Spoken phrases and what a reader expects to read. */
// biome-ignore format: a table
const TABLE: ReadonlyArray<readonly [string, string]> = [
  // Cardinals: figures from 10 on, words under 10.
  ['forty-two runners signed up', '42 runners signed up'],
  ['forty two runners signed up', '42 runners signed up'],
  ['Forty-two runners signed up.', '42 runners signed up.'],
  ['we had ten people', 'we had 10 people'],
  ['eleven clients', '11 clients'],
  ['nineteen emails', '19 emails'],
  ['twenty minutes', '20 minutes'],
  ['ninety-nine problems', '99 problems'],
  ['a hundred and forty people', '140 people'],
  ['one hundred people', '100 people'],
  ['two hundred and fifty subscribers', '250 subscribers'],
  ['three hundred five days', '305 days'],
  ['a hundred and one things', '101 things'],
  ['nine hundred ninety-nine', '999'],
  ['one thousand two hundred', '1,200'],
  ['twelve hundred followers', '1,200 followers'],
  ['twenty-five hundred words', '2,500 words'],
  ['fifteen thousand for the site', '15,000 for the site'],
  ['seventy two thousand a year', '72,000 a year'],
  ['eighteen thousand a month', '18,000 a month'],
  ['a thousand a month', '1,000 a month'],
  ['one hundred thousand downloads', '100,000 downloads'],
  ['three hundred and forty thousand views', '340,000 views'],
  ['two million listeners', '2 million listeners'],
  ['three million five hundred thousand', '3.5 million'],
  ['one million two hundred thirty-four thousand five hundred sixty-seven', '1,234,567'],
  ['four billion', '4 billion'],
  ['twelve trillion', '12 trillion'],
  ['nine hundred trillion', '900 trillion'],
  ['a million and a half', '1.5 million'],
  ['two and a half million', '2.5 million'],
  ['two and a half thousand', '2,500'],
  ['two point five', '2.5'],
  ['three point one four', '3.14'],
  ['zero point five', '0.5'],
  ['one point five million users', '1.5 million users'],
  ['we grew by thirty', 'we grew by 30'],
  ['I was sixty-one', 'I was 61'],
  ['the last fourteen days', 'the last 14 days'],
  ['around seventeen', 'around 17'],
  // Under ten stays a word.
  ['three calls this week', 'three calls this week'],
  ['I lost exactly one client.', 'I lost exactly one client.'],
  ['One.', 'One.'],
  ['Twice. And I lost exactly one client.', 'Twice. And I lost exactly one client.'],
  ['Three, paying yourself a salary', 'Three, paying yourself a salary'],
  ['she said maybe two', 'she said maybe two'],
  ['zero', 'zero'],
  ['seven days a week', 'seven days a week'],
  // Ordinals.
  ['the first time', 'the first time'],
  ['my second launch', 'my second launch'],
  ['the ninth week', 'the ninth week'],
  ['the tenth episode', 'the 10th episode'],
  ['the eleventh hour', 'the 11th hour'],
  ['my twelfth client', 'my 12th client'],
  ['the thirteenth', 'the 13th'],
  ['the twenty-first century', 'the 21st century'],
  ['her twenty-second birthday', 'her 22nd birthday'],
  ['the twenty-third', 'the 23rd'],
  ['the fortieth', 'the 40th'],
  ['the hundredth customer', 'the hundredth customer'],
  ['the one hundredth customer', 'the 100th customer'],
  ['the one hundred and first', 'the 101st'],
  ['the one hundred and eleventh', 'the 111th'],
  ['the thousandth order', 'the thousandth order'],
  // Money: a sign only where a currency is named.
  ['eighty-five dollars', '$85'],
  // Money said as an adjective: the amount and its sign, the noun kept.
  ['a twelve-dollar loaf', 'a $12 loaf'],
  ['a three-hundred-dollar course', 'a $300 course'],
  ['a twenty-five-euro ticket', 'a €25 ticket'],
  ['a 12-dollar loaf', 'a $12 loaf'],
  ['the five-dollar and ten-dollar plans', 'the $5 and $10 plans'],
  ['a ten-pound bag', 'a ten-pound bag'],
  ['a million-dollar idea', 'a million-dollar idea'],
  ['in the first thirty days', 'in the first 30 days'],
  ['it opens at nine a.m. Eastern', 'it opens at 9 a.m. Eastern'],
  ["we start at seven o'clock", "we start at 7 o'clock"],
  ['roughly eighty-five dollars an hour', 'roughly $85 an hour'],
  ['five dollars', '$5'],
  ['one dollar', '$1'],
  ['a hundred dollars', '$100'],
  ['a thousand dollars', '$1,000'],
  ['five thousand dollars', '$5,000'],
  ['six thousand dollars a year', '$6,000 a year'],
  ['seventy two thousand dollars a year', '$72,000 a year'],
  ['five million dollars', '$5 million'],
  ['three trillion dollars', '$3 trillion'],
  ['twenty bucks', '$20'],
  ['ten euros', '€10'],
  ['fifty euro', '€50'],
  ['thirty quid', '£30'],
  ['85 dollars', '$85'],
  ['paying us closer to a hundred and forty', 'paying us closer to 140'],
  // A bare amount compared with the sentence's earlier money keeps its currency and rate.
  [
    'roughly eighty-five dollars an hour, and others were paying us closer to a hundred and forty.',
    'roughly $85 an hour, and others were paying us closer to $140 an hour.',
  ],
  ['it cost ten dollars, now closer to twelve', 'it cost $10, now closer to $12'],
  ['ten dollars a month, or ninety-nine a year', '$10 a month, or $99 a year'],
  ['ten dollars a month, or twenty people', '$10 a month, or 20 people'],
  ['we charged fifty dollars a month, they charged more than eighty', 'we charged $50 a month, they charged more than $80 a month'],
  ['thirty euros a day, others pay about forty a week', '€30 a day, others pay about €40 a week'],
  ['I paid twenty dollars and then paid thirty', 'I paid $20 and then paid $30'],
  ['twenty dollars. Closer to forty people came.', '$20. Closer to 40 people came.'],
  ['ten dollars for twenty minutes, close to forty people', '$10 for 20 minutes, close to 40 people'],
  ['fifteen dollars an hour and about twelve of us', '$15 an hour and about 12 of us'],
  ['lost ten pounds', 'lost 10 pounds'],
  ['ninety-nine cents', '99 cents'],
  ['I was charging four dollars and fifty cents.', 'I was charging $4.50.'],
  ['four dollars fifty cents', '$4.50'],
  ['it cost me about three dollars ninety to bake', 'it cost me about $3.90 to bake'],
  ['five dollars and twenty people', '$5 and 20 people'],
  ['from twenty-nine dollars to a hundred and forty.', 'from $29 to $140.'],
  ['from ten dollars to twelve a month', 'from $10 to $12 a month'],
  ['ten dollars to twelve people', '$10 to 12 people'],
  // Prices said as pairs, when the sentence is about prices.
  ['We priced it at one ninety-nine instead of two ninety-nine.', 'We priced it at 199 instead of 299.'],
  ['we decided to raise our rate to one fifty for everyone', 'we decided to raise our rate to 150 for everyone'],
  ['We charge one ninety-nine instead of two ninety-nine dollars.', 'We charge $199 instead of $299.'],
  ['The price went from four fifty to five fifty dollars.', 'The price went from $450 to $550.'],
  ['It sold for three ninety-five.', 'It sold for 395.'],
  ['I picked one ninety-nine at random', 'I picked one ninety-nine at random'],
  // Percentages.
  ['forty percent', '40%'],
  ['five percent', '5%'],
  ['ninety-five percent of them', '95% of them'],
  ['forty per cent', '40%'],
  ['one hundred percent of our clients', '100% of our clients'],
  ['a hundred percent of the profit', '100% of the profit'],
  ['12 percent', '12%'],
  ['two point five percent', '2.5%'],
  // Ranges.
  ['They spend sixty, seventy dollars on a brace.', 'They spend $60-70 on a brace.'],
  ['five to ten percent', '5-10%'],
  ['two or three dollars', '$2-3'],
  ['twenty to thirty dollars', '$20-30'],
  ['twenty, thirty people', '20-30 people'],
  ['ten, fifteen minutes', '10-15 minutes'],
  ['twenty to thirty people', '20 to 30 people'],
  ['two or three times', 'two or three times'],
  // Times and durations.
  ['I ran it in three hours fifty-two.', 'I ran it in 3:52.'],
  ['a marathon in four hours twelve', 'a marathon in 4:12'],
  ['four minutes thirty a mile', '4:30 a mile'],
  ['three hours', 'three hours'],
  ['twelve hours', '12 hours'],
  ['three hours and twenty minutes', 'three hours and 20 minutes'],
  ['two hours fifteen minutes', 'two hours 15 minutes'],
  ['at seven thirty', 'at 7:30'],
  ['by eleven fifteen', 'by 11:15'],
  ['around nine forty-five', 'around 9:45'],
  ['at seven', 'at seven'],
  // Dates and years.
  ['It starts March the third.', 'It starts March 3.'],
  ['on March third', 'on March 3'],
  ['on June the twenty-first', 'on June 21'],
  ['the third of March', 'March 3'],
  ['the twenty-second of October', 'October 22'],
  ['in twenty twenty-six', 'in 2026'],
  ['twenty twenty-six was the year', '2026 was the year'],
  ['nineteen ninety-eight', '1998'],
  ['since nineteen eighty-four', 'since 1984'],
  ['twenty ten', '2010'],
  ['in two thousand and nine', 'in 2009'],
  ['two thousand and twenty-six', '2026'],
  ['March third, twenty twenty-six', 'March 3, 2026'],
  ['in nineteen hundred', 'in 1900'],
  // Idioms and what is no one number: left as said.
  ['one of them', 'one of them'],
  ['nine times out of ten', 'nine times out of ten'],
  ['ten times out of ten', 'ten times out of ten'],
  ['I am a hundred percent sure', 'I am a hundred percent sure'],
  ['one hundred percent agree', 'one hundred percent agree'],
  ['one two three four', 'one two three four'],
  ['forty forty', 'forty forty'],
  ['twenty-four seven', 'twenty-four seven'],
  ['fifty-fifty', 'fifty-fifty'],
  ['a million things', 'a million things'],
  ['a hundred times', 'a hundred times'],
  ['one in a million', 'one in a million'],
  ['a thousand times better', 'a thousand times better'],
  ['one-on-one calls', 'one-on-one calls'],
  ['thousands of people', 'thousands of people'],
  ['hundreds of emails', 'hundreds of emails'],
  ['in my twenties', 'in my twenties'],
  ['at one point', 'at one point'],
  ['one by one', 'one by one'],
  ['no one cares', 'no one cares'],
  ['the one thing', 'the one thing'],
  ['a second', 'a second'],
  ['first of all', 'first of all'],
  ['a dozen', 'a dozen'],
  ['Chapter XIV', 'Chapter XIV'],
  ['Louis XIV', 'Louis XIV'],
  ['a forty-year-old', 'a forty-year-old'],
  ['quadrillion', 'quadrillion'],
  ['constructor hundred', 'constructor hundred'],
  ['__proto__ dollars', '__proto__ dollars'],
  ['twenty toString', '20 toString'],
  ['seven eight nine ten eleven', 'seven eight nine ten eleven'],
  ['four oh four', 'four oh four'],
  // Text around is kept as is.
  ['', ''],
  ['No numbers here.', 'No numbers here.'],
  ['Already 42 and $85 and 3:52.', 'Already 42 and $85 and 3:52.'],
  ['(forty) runners', '(40) runners'],
  ['"forty-two," she said', '"42," she said'],
  ['forty-two\nrunners', '42\nrunners'],
];

describe('written form of spoken numbers', () => {
  it('has a table of at least 150 phrases', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(150);
  });

  it.each(TABLE)('%j -> %j', (said, written) => {
    expect(writtenForm(said)).toBe(written);
  });

  it('reads the issue note as a reader expects', () => {
    const said =
      "So forty-two runners signed up, we charged roughly eighty-five dollars an hour and our other clients were paying us closer to a hundred and forty. Our ads brought in eighteen thousand a month. I ran Boston in three hours fifty-two on April the twentieth, twenty twenty-six, and nine times out of ten that's enough.";
    expect(writtenForm(said)).toBe(
      "So 42 runners signed up, we charged roughly $85 an hour and our other clients were paying us closer to $140 an hour. Our ads brought in 18,000 a month. I ran Boston in 3:52 on April 20, 2026, and nine times out of ten that's enough.",
    );
  });

  it('looks at each word a bounded number of times, whatever the text', () => {
    // Shapes that make a reader look ahead: long runs, "and" chains, ranges, pairs, articles.
    const shapes = [
      'one two three four five six seven eight nine ten ',
      'a hundred and a hundred and ',
      'twenty twenty twenty-six ',
      'sixty, seventy, eighty, ninety, ',
      'a a a hundred ',
      'three hours four hours five hours fifty-two ',
      'two point five point five point ',
      'one thousand million billion trillion ',
      'and a half and a half ',
      'nineteen ',
      'four dollars and fifty cents to ten dollars to twelve, ',
    ];
    for (const shape of shapes) {
      const text = shape
        .repeat(Math.ceil(STUDIO_LIMITS.textMaxChars / shape.length))
        .slice(0, STUDIO_LIMITS.textMaxChars);
      const words = text.split(/\s+/).filter(Boolean).length;
      const stats = { steps: 0 };
      writtenForm(text, stats);
      expect(stats.steps / words, shape).toBeLessThanOrEqual(8);
    }
  });
});
