/**
 * The fixed cue words and patterns of the calm gate's dense features (core/domain/gate-features.ts):
 * clickbait (second person, superlatives, withheld information, shouting, scare quotes), commercial
 * phrasing (discounts, prices, sponsorship, affiliate selling), obituaries, and the falls and
 * mendings that make a bad story a constructive one; the stop words, which carry no cue; and the
 * cheap tests that say where the costlier patterns can match at all.
 */

/** A fall in something bad ("knife crime falls to a ten-year low"), and a mending after it ("survivors rebuild"). */
export const FALLS = new Set(['fall', 'falls', 'fell', 'falling', 'drop', 'drops', 'dropped', 'down', 'halved', 'halves', 'lowest', 'low', 'fewer', 'cut', 'cuts', 'reduce', 'reduces', 'reduced', 'decline', 'declines', 'declined', 'eradicated', 'ends', 'ended', 'beaten', 'beat', 'prevent', 'prevents', 'prevented', 'slows', 'slowed', 'eliminated', 'free']);
export const MENDED = new Set(['rebuild', 'rebuilds', 'rebuilt', 'recover', 'recovers', 'recovered', 'recovery', 'reopen', 'reopens', 'reopened', 'restore', 'restores', 'restored', 'survivor', 'survivors', 'return', 'returns', 'returned', 'regrow', 'regrows', 'back', 'healed', 'heals', 'saved', 'rescued', 'reunited', 'safe', 'thrive', 'thriving', 'bounce', 'bounces', 'rebound', 'rebounds']);
export const SECOND_PERSON = new Set(['you', 'your', 'youre', 'yours', 'yourself', 'youve', 'youll', 'youd', 'ya']);
export const SUPERLATIVE = new Set(['best', 'worst', 'greatest', 'biggest', 'ultimate', 'ever', 'most', 'least', 'top', 'perfect', 'only', 'must', 'insane', 'incredible', 'unbelievable', 'shocking', 'amazing']);
/** Openings that tease instead of telling ("This is why…", "Here's what…"). */
export const WITHHELD_START = new Set(['this', 'these', 'heres', 'here', 'why', 'what', 'how', 'who', 'guess', 'watch', 'meet', 'the']);
export const WITHHELD_WORDS = new Set(['secret', 'secrets', 'reason', 'trick', 'tricks', 'revealed', 'reveals', 'truth', 'believe', 'happened', 'nobody', 'everyone', 'everybody', 'really', 'actually', 'weird', 'things', 'signs', 'mistake', 'mistakes']);
export const DISCOUNT = new Set(['off', 'save', 'saving', 'savings', 'discount', 'discounted', 'deal', 'deals', 'sale', 'cheapest', 'bargain', 'coupon', 'voucher', 'promo', 'code', 'clearance', 'half-price']);
export const SPONSOR = /\b(?:sponsored|advertorial|advertisement|paid (?:post|partnership|content|promotion)|partner content|in (?:partnership|association) with|brought to you by|presented by|promoted|supported by|a message from|paid for by)\b/i;
export const AFFILIATE = /\b(?:affiliate|commission|we may earn|tested and reviewed|our (?:top )?picks?|buying guide|shop (?:the|now|our)|buy now|order now|pre-?order|available now|now available|in stock|free delivery|free shipping|subscribe (?:now|today)|sign up today|register (?:now|today|here|for (?:our|a|the|this) free)|book (?:now|today|your (?:place|seat|spot|tickets?))|join us|limited (?:time|offer|places|spaces)|while stocks last|free (?:webinar|trial|consultation|masterclass)|ends? (?:tonight|today|at midnight|this weekend|soon))\b/i;
/**
 * A word that each match of SPONSOR (and of AFFILIATE) holds as a whole word: every alternative has
 * one (test/ingestion/gate-prefilter.test.ts checks them against the patterns). In text of plain
 * ASCII without apostrophes a match's words are words the gate reads, so a text without any of
 * these cannot match and the pattern is not run (the two patterns were 2.4 µs of the gate's ~20 µs
 * an item on the ingest bench's feeds).
 */
export const SPONSOR_WORDS = new Set(['sponsored', 'advertorial', 'advertisement', 'paid', 'partner', 'partnership', 'association', 'brought', 'presented', 'promoted', 'supported', 'message']);
export const AFFILIATE_WORDS = new Set([
  'affiliate', 'commission', 'earn', 'tested', 'pick', 'picks', 'buying', 'shop', 'buy', 'order', 'preorder', 'available', 'stock', 'stocks', 'free', 'subscribe', 'sign',
  'register', 'book', 'join', 'limited', 'end', 'ends',
]);
export const PRICE = /(?:[£$€¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|bn|m|k)\b)?)|(?:\b\d+(?:[.,]\d+)?\s?(?:pounds|dollars|euros|quid|bucks|usd|gbp|eur)\b)|(?:\b\d+(?:\.\d\d)\b)/i;
/** A death told by the age at it ("dies at 92", "passes away aged 104"): an obituary however fond. */
export const DEATH_AGE = /\b(?:dies|died|dead|passes|passed|passing)(?:\s+away)?(?:\s+peacefully)?,?\s+(?:aged\s+|at\s+(?:the\s+age\s+of\s+)?)?\d{2,3}\b|\btributes?\s+(?:paid|pour|flood)/i;
/** The organiser's own voice ("our open day", "we are hiring"): a headline selling its writer's event or product. */
export const FIRST_PLURAL = new Set(['we', 'our', 'us', 'ours', 'weve', 'were', 'well']);
export const PERCENT = /\b\d+(?:\.\d+)?\s?(?:%|per ?cent\b)/i;

/** A shouted word: 4 or more capitals, not inside a longer word. */
export const SHOUTED = /(?<![\p{L}])\p{Lu}{4,}(?![\p{L}])/u;
/** PRICE and PERCENT match only text holding an ASCII digit (`\d` without the `u` flag). */
export const ASCII_DIGIT = /[0-9]/;
/** A character beyond ASCII, or an apostrophe (' or `) that may join a word's parts. */
export const NOT_PLAIN = /[^\x00-\x26\x28-\x5f\x61-\x7f]/;

/**
 * Text SHOUTED may match: it needs four capitals in a row, and a capital (`\p{Lu}`) is A-Z or
 * beyond ASCII in each of its code units. On the ingest bench's titles this test costs 0.14 µs
 * against the pattern's 0.57 (Unicode, with look-arounds); written out four times, as `{4}` cost 0.32.
 */
export const MAY_SHOUT = /[A-Z\u0080-\uffff][A-Z\u0080-\uffff][A-Z\u0080-\uffff][A-Z\u0080-\uffff]/;

/** Scare quotes: a few words in quotation marks. */
export const QUOTED = /(?:^|\s)['‘"“]([\p{L}\s-]{2,20})['’"”](?=[\s,.:;!?]|$)/u;
/** "we're" and "we'll" as written (their apostrophe-less words are "were" and "well"). */
export const WE_CONTRACTED = /\bwe['’](?:re|ll)\b/i;

/**
 * Words that carry no cue on their own (function words, reporting verbs, counts and dates): no
 * unigram, and no pair with another such word. Left alone, a model learns the house style of
 * whoever wrote its examples ("said", "after", "million") instead of what a story is about.
 */
export const STOP = new Set([
  'a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'but', 'at', 'by', 'with', 'from', 'as', 'into', 'onto', 'over', 'under', 'about', 'after', 'before', 'since', 'during', 'than', 'then', 'so', 'up', 'out', 'off', 'if',
  'is', 'are', 'be', 'been', 'being', 'was', 'were', 'has', 'have', 'had', 'do', 'does', 'did', 'will', 'would', 'could', 'should', 'can', 'may', 'might', 'shall',
  'it', 'its', 'that', 'which', 'who', 'whom', 'whose', 'their', 'they', 'them', 'he', 'she', 'his', 'her', 'him', 'we', 'our', 'us', 'i', 'me', 'my', 'there', 'here', 'also', 'more', 'some', 'all', 'any',
  'said', 'says', 'say', 'told', 'tells', 'according', 'reports', 'reported', 'report', 'announced', 'announces', 'new', 'now', 'just', 'still', 'yet',
  '#', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'hundred', 'hundreds', 'thousand', 'thousands', 'million', 'millions', 'billion', 'dozen', 'dozens',
  'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'today', 'yesterday', 'tomorrow', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'night', 'morning', 'evening',
]);
