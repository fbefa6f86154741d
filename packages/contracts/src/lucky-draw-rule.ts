/**
 * The lucky draw's published rule (decision 056): pure, and the same code on the server (which
 * draws) and in the browser (which checks). Both use WebCrypto, so nothing here ships a hash
 * library. Anyone can recompute a draw from its seed and its ticket list:
 *
 * 1. The seed is a text (64 hex digits). Its SHA-256, in hex, was published when the draw opened.
 * 2. Tickets are numbered from 0 along the published list; `tickets[n]` is the holder of ticket n.
 * 3. For i = 0, 1, 2, …: h = HMAC-SHA256(key = the seed's text, message = "winner-" + i); the
 *    ticket is the first 6 bytes of h, read as a big-endian number, modulo the number of
 *    tickets. A holder who has already won is skipped. It stops when it has the draw's number
 *    of winners (or every holder has won), and after at most MAX_ROUNDS rounds.
 */

/** Rounds of the rule at most (a draw with a very uneven list may then end with fewer winners). */
export const MAX_ROUNDS = 10_000;

export type Pick = { place: number; ticket: number; holder: string; round: number };

const enc = new TextEncoder();
const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of a text (UTF-8), in lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", enc.encode(text)));
}

/** The ticket round `i` names, out of `tickets`. */
export async function ticketOf(key: CryptoKey, round: number, tickets: number) {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(`winner-${round}`)));
  let x = 0;
  for (let b = 0; b < 6; b++) x = x * 256 + (mac[b] ?? 0);
  return x % tickets;
}

/** The winners the rule draws from `seed` and the ticket list (`tickets[n]` holds ticket n). */
export async function pickWinners(
  seed: string,
  tickets: readonly string[],
  count: number,
): Promise<Pick[]> {
  const want = Math.min(count, new Set(tickets).size);
  if (want === 0) return [];
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(seed),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const picks: Pick[] = [];
  const won = new Set<string>();
  for (let round = 0; picks.length < want && round < MAX_ROUNDS; round++) {
    const ticket = await ticketOf(key, round, tickets.length);
    const holder = tickets[ticket] ?? "";
    if (won.has(holder)) continue;
    won.add(holder);
    picks.push({ place: picks.length + 1, ticket, holder, round });
  }
  return picks;
}

/** 32 random bytes in hex: a draw's secret seed. */
export function newSeed(): string {
  return hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
}
