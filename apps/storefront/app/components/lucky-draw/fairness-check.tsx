import { useState } from "react";
import type { CheckOutcome } from "../../lib/lucky-draw-check";

/**
 * "Check it": recomputes a past draw in the browser. The hashing code is fetched on the click,
 * so the page itself ships none of it.
 */
export function FairnessCheck({ proofUrl, seedHash }: { proofUrl: string; seedHash: string }) {
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  async function check() {
    setBusy(true);
    try {
      const { checkDraw } = await import("../../lib/lucky-draw-check");
      setOutcome(await checkDraw(proofUrl, seedHash));
    } catch {
      setOutcome({ matches: false, lines: ["The check could not run in this browser."] });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="draw-check">
      <button type="button" className="button" onClick={check} disabled={busy}>
        {busy ? "Checking…" : "Check it in your browser"}
      </button>
      <div className="draw-check__result" aria-live="polite">
        {outcome ? (
          <>
            <p className={outcome.matches ? "draw-check__ok" : "draw-check__bad"}>
              <strong>{outcome.matches ? "It matches." : "It does not match."}</strong>
            </p>
            <ul>
              {outcome.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
