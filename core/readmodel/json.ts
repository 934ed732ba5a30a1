/**
 * JSON bodies of the reading answers, built from each card's JSON text (encoded once per card and
 * kept while the card lives) instead of encoding every card anew per request. The bytes are exactly
 * those of `JSON.stringify` over the same values (test/reading/brief-index.test.ts).
 */
import type { ArticleCard } from '../domain/article.ts';
import type { PoolArticle } from '../domain/card.ts';

// Cards are never mutated after a load (summaries live beside them on the PoolArticle), so a card's
// text stays valid as long as the card; weak keys let old snapshots go.
const encoded = new WeakMap<ArticleCard, string>();

/** `JSON.stringify(card)`, encoded once per card. */
export function cardJson(card: ArticleCard): string {
  let json = encoded.get(card);
  if (json === undefined) {
    json = JSON.stringify(card);
    encoded.set(card, json);
  }
  return json;
}

/** `JSON.stringify(cards)`. */
export function cardsJson(cards: readonly ArticleCard[]): string {
  let out = '[';
  for (let i = 0; i < cards.length; i += 1) out += (i > 0 ? ',' : '') + cardJson(cards[i] as ArticleCard);
  return out + ']';
}

/** `JSON.stringify(withSummary(a))`: the summary key goes last, as the spread in `withSummary` puts it. */
export function briefItemJson(a: PoolArticle): string {
  if (!a.summary) return cardJson(a.card);
  // A card that already had a `summary` key would keep its place in the spread: encode it whole.
  if (Object.hasOwn(a.card, 'summary')) return JSON.stringify({ ...a.card, summary: a.summary });
  const json = cardJson(a.card);
  return `${json.slice(0, -1)},"summary":${JSON.stringify(a.summary)}}`;
}

/** `JSON.stringify({ items: items.map(withSummary), generated_at })`. */
export function briefJson(items: readonly PoolArticle[], generatedAt: string | null): string {
  let out = '{"items":[';
  for (let i = 0; i < items.length; i += 1) out += (i > 0 ? ',' : '') + briefItemJson(items[i] as PoolArticle);
  return `${out}],"generated_at":${JSON.stringify(generatedAt)}}`;
}

/** The headers `c.json` sets, for routes that send these prebuilt bodies with `c.body`. */
export const JSON_TYPE: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });
