import type { LinkRef, Suggestions } from "@maidan/contracts/catalog";
import type { Db } from "@maidan/db/database";
import * as repo from "./catalog.repository.ts";
import { expandToken, tokenize, toTsQuery, transpositions } from "./search-query.ts";
import { SYNONYMS } from "./synonyms.ts";

/**
 * What a query is searched as: the word groups (each word with its alternatives) and tsquery.
 * `known`: every word is a synonym, a word of the vocabulary, or corrected to one (words with
 * digits or under three letters are not looked up, so a query holding one is not known).
 */
export type ReadQuery = { tokens: string[]; groups: string[][]; tsQuery: string; known: boolean };

/**
 * Per word, its correction: the vocabulary word itself when known, else a swapped-letter
 * spelling that is a word ("sheos", "hsoes" → "shoes"), else the closest word by trigrams.
 */
async function corrections(db: Db, words: string[]) {
  const [closest, swapped] = await Promise.all([
    repo.closestTerms(db, words),
    repo.termsForSpellings(db, new Map(words.map((w) => [w, transpositions(w)]))),
  ]);
  return new Map(
    words.map((w) => {
      const near = closest.get(w) ?? null;
      return [w, near === w ? w : (swapped.get(w) ?? near)] as const;
    }),
  );
}

/** Tokenises, corrects typos against the vocabulary and expands synonyms. */
export async function readQuery(db: Db, q: string): Promise<ReadQuery> {
  const tokens = tokenize(q);
  const unknown = tokens.filter((t) => !SYNONYMS[t] && /[a-z]/.test(t) && t.length >= 3);
  const fixed = await corrections(db, unknown);
  const groups = tokens.map((t) => expandToken(t, fixed.get(t)));
  // A word of digits ("36.5" is searched as "36" and "5") or under three letters is not looked
  // up, so it is not known: a name may hold it in a form its tsquery misses.
  const known = tokens.every((t) => SYNONYMS[t] || fixed.get(t) != null);
  return { tokens, groups, tsQuery: toTsQuery(groups), known };
}

/**
 * Whether a search that found nothing tries the whole phrase by trigram similarity on product
 * names. Not when every word is known to the vocabulary: the words were searched as themselves
 * (or their correction) with a prefix, so the names under the same filters hold none of them, and
 * at 100,000 products the phrase's trigram scan cost 8–14 ms per such search.
 */
export const phraseFallback = (read: ReadQuery, text: string, total: number) =>
  total === 0 && text.length >= 3 && !read.known;

/**
 * "Did you mean" for a query that found nothing: first the query with each word corrected and
 * the words matching nothing left out ("runnning shooes xqzv" → "running shoes"), then each
 * word's closest vocabulary words; each suggestion once, never what the shopper typed.
 */
export async function closeTerms(db: Db, tokens: string[]) {
  const words = tokens.filter((t) => /[a-z]/.test(t) && t.length >= 3);
  const [fixed, lists] = await Promise.all([
    corrections(db, words),
    Promise.all(words.map((t) => repo.similarTerms(db, t, 3))),
  ]);
  const phrase = tokens
    .map((t) => (fixed.has(t) ? fixed.get(t) : t))
    .filter(Boolean)
    .join(" ");
  const out = [phrase, ...[...fixed.values()].filter((w) => w !== null), ...lists.flat()];
  const typed = new Set([...tokens, tokens.join(" ")]);
  return [...new Set(out)].filter((t): t is string => !!t && !typed.has(t)).slice(0, 6);
}

/** Header suggestions: completions of the last word, matching products, categories and brands. */
export async function suggest(
  db: Db,
  q: string,
  lookups: { categories: LinkRef[]; brands: LinkRef[] },
): Promise<Suggestions> {
  const read = await readQuery(db, q);
  const last = read.tokens.at(-1);
  if (!last) return { q, terms: [], products: [], categories: [], brands: [] };
  const [completions, cards] = await Promise.all([
    repo.termsWithPrefix(db, last, 5),
    read.tsQuery
      ? repo.listCards(db, { tsQuery: read.tsQuery }, "relevance", 6, 0)
      : Promise.resolve([]),
  ]);
  const words = read.groups.flat();
  const matches = (name: string) => {
    const n = name.toLowerCase();
    return words.some((w) => w.length >= 3 && n.includes(w));
  };
  const head = read.tokens.slice(0, -1).join(" ");
  // One suggestion per product name: colour listings of one product share it.
  const seen = new Set<string>();
  const distinct = cards.filter((c) => !seen.has(c.name) && seen.add(c.name));
  return {
    q,
    terms: [...new Set(completions.map((t) => (head ? `${head} ${t}` : t)))],
    products: distinct.map((c) => ({
      _id: c._id,
      slug: c.slug,
      name: c.name,
      img: c.img,
      price: c.price,
    })),
    categories: lookups.categories.filter((c) => matches(c.name)).slice(0, 5),
    brands: lookups.brands.filter((b) => matches(b.name)).slice(0, 5),
  };
}
