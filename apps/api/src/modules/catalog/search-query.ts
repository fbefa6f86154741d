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
