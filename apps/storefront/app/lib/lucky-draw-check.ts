import type { LuckyDrawProof } from "@maidan/contracts/lucky-draw";
import { pickWinners, sha256Hex } from "@maidan/contracts/lucky-draw-rule";

export type CheckOutcome = { matches: boolean; lines: string[] };

/**
 * The page's "Check it": fetches a draw's published data and recomputes it in the browser with
 * WebCrypto: the seed against the hash shown before the draw, then the winners by the rule.
 * Loaded on the click only (its own chunk).
 */
export async function checkDraw(proofUrl: string, shownHash: string): Promise<CheckOutcome> {
  const res = await fetch(proofUrl, { headers: { accept: "application/json" } });
  if (!res.ok) return { matches: false, lines: ["The draw's data could not be loaded."] };
  const proof = (await res.json()) as LuckyDrawProof;
  const hash = await sha256Hex(proof.seed);
  const hashOk = hash === shownHash && hash === proof.seedHash;
  const picks = await pickWinners(proof.seed, proof.tickets, proof.winnersCount);
  const winnersOk =
    picks.length === proof.winners.length &&
    picks.every(
      (p, i) => p.ticket === proof.winners[i]?.ticket && p.holder === proof.winners[i]?.holder,
    );
  const lines = [
    hashOk
      ? `The seed's SHA-256 is ${hash}: the hash published before the draw.`
      : `The seed's SHA-256 is ${hash}, not the published ${shownHash}.`,
    `${proof.tickets.length} tickets from ${proof.entries.length} entries.`,
    ...picks.map(
      (p) => `Place ${p.place}: round ${p.round} gives ticket ${p.ticket}, held by ${p.holder}.`,
    ),
  ];
  if (picks.length === 0) lines.push("No tickets, so no winners.");
  return {
    matches: hashOk && winnersOk,
    lines: [
      ...lines,
      hashOk && winnersOk
        ? "It matches: the rule picks exactly the published winners."
        : "It does not match the published winners.",
    ],
  };
}
