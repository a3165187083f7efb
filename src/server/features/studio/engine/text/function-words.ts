/**
 * The most frequent English function words (pronouns, determiners, prepositions, conjunctions,
 * auxiliaries and the commonest adverbs), ordered roughly by frequency. Their relative frequencies
 * are the features of Burrows' Delta; the list is also the stop-word list of the key-phrase
 * extractor. Contractions are kept as single tokens ("don't"), as the tokenizer produces them.
 * The order is fixed: stored per-note counts are aligned to it (append only, never reorder).
 */
// biome-ignore format: a word list, ten a line
export const FUNCTION_WORDS: readonly string[] = [
  'the', 'of', 'and', 'to', 'a', 'in', 'that', 'is', 'it', 'i',
  'for', 'you', 'was', 'with', 'on', 'as', 'have', 'be', 'at', 'not',
  'this', 'but', 'he', 'by', 'are', 'we', 'from', 'or', 'they', 'his',
  'had', 'she', 'which', 'an', 'were', 'her', 'there', 'been', 'one', 'all',
  'would', 'their', 'so', 'will', 'if', 'can', 'what', 'my', 'has', 'no',
  'do', 'when', 'more', 'who', 'me', 'him', 'them', 'out', 'up', 'about',
  'them', 'some', 'could', 'than', 'into', 'its', 'then', 'only', 'other', 'our',
  'these', 'any', 'your', 'also', 'just', 'how', 'very', 'should', 'now', 'may',
  'over', 'such', 'those', 'because', 'most', 'us', 'must', 'after', 'through', 'where',
  'much', 'before', 'well', 'many', 'both', 'each', 'between', 'under', 'again', 'against',
  'while', 'still', 'why', 'upon', 'here', 'own', 'might', 'same', 'shall', 'every',
  'being', 'did', 'does', 'am', 'yet', 'though', 'whether', 'whose', 'whom', 'ever',
  'never', 'always', 'often', 'too', 'even', 'already', 'during', 'without', 'within', 'among',
  'since', 'until', 'toward', 'towards', 'across', 'around', 'off', 'down', 'above', 'below',
  'however', 'therefore', 'thus', 'although', 'unless', 'nor', 'either', 'neither', 'rather', 'quite',
  'really', 'actually', 'something', 'anything', 'nothing', 'everything', 'someone', 'everyone', 'anyone', 'myself',
  'yourself', 'itself', 'ourselves', 'themselves', 'himself', 'herself', 'mine', 'yours', 'ours', 'theirs',
  "don't", "i'm", "it's", "that's", "can't", "i've", "we're", "you're", "there's", "didn't",
  "isn't", "won't", "let's", "doesn't", "they're", "i'll", "we've", "what's", "here's", "i'd",
  'like', 'get', 'got', 'going', 'go', 'know', 'think', 'say', 'said', 'make',
  'thing', 'things', 'way', 'lot', 'kind', 'sort', 'maybe', 'yes', 'yeah', 'okay',
  'per', 'via', 'onto', 'beyond', 'behind', 'beside', 'besides', 'along', 'near', 'instead',
];

/** Unique list (the literal above is checked for duplicates in tests; `them` is kept once). */
export const FW: readonly string[] = [...new Set(FUNCTION_WORDS)];

export const FW_INDEX: ReadonlyMap<string, number> = new Map(FW.map((word, index) => [word, index]));

/** Stop words for key phrases: the function words plus light verbs and filler. */
// biome-ignore format: a word list
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...FW,
  'um', 'uh', 'erm', 'er', 'ah', 'hmm', 'mm', 'oh', 'right', 'alright', 'ok', 'stuff', 'guess',
  'want', 'wanted', 'need', 'needs', 'mean', 'means', 'really', 'pretty', 'basically', 'literally',
  'totally', 'probably', 'definitely', 'gonna', 'wanna', 'gotta', 'kinda', 'sorta', 'went', 'come',
  'came', 'comes', 'take', 'took', 'give', 'gave', 'put', 'see', 'saw', 'look', 'looking', 'tell',
  'told', 'thought', 'feel', 'felt', 'try', 'trying', 'tried', 'let', 'gets', 'getting', 'makes',
  'making', 'made', 'says', 'saying', 'knew', 'known', 'knows', 'thinking', 'doing', 'done', 'goes',
  'gone', 'having', 'keep', 'keeps', 'lots', 'bit', 'little', 'big', 'good', 'great', 'new', 'old',
  'first', 'last', 'next', 'one', 'two', 'three', 'four', 'five', 'ten', 'day', 'days', 'time',
  'times', 'today', 'yesterday', 'tomorrow', 'week', 'year', 'years', 'able', 'sure', 'certain',
  'different', 'whole', 'real', 'less', 'least', 'far', 'else', 'anyway', 'somebody', 'everybody',
  'nobody', "that'll", "you'll", "he's", "she's", "they'll", "we'll", "wasn't", "weren't",
  "haven't", "hasn't", "wouldn't", "couldn't", "shouldn't", "aren't", "you've", "they've", "you'd",
  "he'd", "she'd", "we'd", "they'd", "there're", "who's", "where's", "how's", 'lol', 'hey', 'hi',
  'thanks', 'thank', 'please', 'll', 've', 're', 'don', 'isn', 'yep', 'nope', 'huh', 'wow',
]);

/**
 * Words that drafts (or ghost-writers) reach for and people rarely say. Counted per note like the
 * function words, so a draft that uses one the user never does is named in the fidelity reasons.
 */
// biome-ignore format: a word list
export const BUZZWORDS: readonly string[] = [
  'leverage', 'synergy', 'synergies', 'utilize', 'utilise', 'delve', 'unlock', 'elevate',
  'empower', 'seamless', 'seamlessly', 'robust', 'holistic', 'paradigm', 'tapestry', 'landscape',
  'game-changer', 'groundbreaking', 'cutting-edge', 'innovative', 'transformative', 'streamline',
  'optimize', 'optimise', 'scalable', 'disrupt', 'disruptive', 'ecosystem', 'actionable', 'impactful',
  'foster', 'navigate', 'journey', 'realm', 'embark', 'harness', 'pivotal', 'crucial', 'moreover',
  'furthermore', 'additionally', 'ultimately', 'vibrant', 'testament', 'multifaceted', 'intricate',
];

export const BUZZ_INDEX: ReadonlyMap<string, number> = new Map(BUZZWORDS.map((word, index) => [word, index]));
