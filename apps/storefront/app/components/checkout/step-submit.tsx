import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/** A step's submit button (off while a post is on its way), with any links beside it. */
export function StepSubmit({ label, children }: { label: string; children?: ReactNode }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="checkout-step__actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {label}
      </button>
      {children}
    </div>
  );
}
