import { MAX_QUERY_LENGTH } from "@maidan/contracts/catalog";
import { STOP_WORDS, SYNONYMS } from "./synonyms.ts";

const MAX_TOKENS = 8;

/**
 * Splits a shopper's query into lower-case words of letters and digits only. Everything else
 * (quotes, `%`, SQL, HTML) is a separator, so the words are safe inside a tsquery string.
 */
export function tokenize(q: string): string[] {
  const words = q
    .slice(0, MAX_QUERY_LENGTH)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, MAX_TOKENS);
}

/** The alternatives a word is searched as: itself, its synonyms, and its typo correction's. */
export function expandToken(token: string, correction?: string | null): string[] {
  const out = [token, ...(SYNONYMS[token] ?? [])];
  if (correction && correction !== token) out.push(correction, ...(SYNONYMS[correction] ?? []));
  return [...new Set(out)];
}

/** Shortest word whose swapped letters are looked up ("sheo" → "shoe"); shorter ones are noise. */
export const MIN_SWAP_LENGTH = 4;

/**
 * Every word made by swapping two neighbouring letters ("sheos" → "hseos", "sehos", "shoes",
 * "sheso"), the commonest slip on a phone keyboard. Trigram similarity misses these: a swap
 * breaks up to three trigrams of a short word. Words of digits or under four letters give none.
 */
export function transpositions(token: string): string[] {
  if (token.length < MIN_SWAP_LENGTH || !/^[a-z]+$/.test(token)) return [];
  const out = new Set<string>();
  for (let i = 0; i < token.length - 1; i++) {
    if (token[i] === token[i + 1]) continue;
    out.add(token.slice(0, i) + token[i + 1] + token[i] + token.slice(i + 2));
  }
  return [...out];
}

const lexeme = (word: string) =>
  word
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(" <-> ");

/**
 * A `to_tsquery('english', …)` string: the groups are AND-ed, a group's words OR-ed. The word the
 * shopper typed matches as a prefix too (so "jog" finds joggers while typing).
 */
export function toTsQuery(groups: string[][]): string {
  return groups
    .map((g) => {
      const [typed, ...rest] = g;
      const parts = [`${typed}:*`, ...rest.map(lexeme)].filter((p) => p !== ":*");
      return parts.length > 1 ? `(${parts.join(" | ")})` : (parts[0] ?? "");
    })
    .filter(Boolean)
    .join(" & ");
}

/**
 * Whether a `toTsQuery` string is one word group (a word with its alternatives; groups are
 * joined by " & "): the kind of search that may have facet cells of its own (decision 073).
 */
export const singleGroup = (tsQuery: string) => !tsQuery.includes(" & ");
