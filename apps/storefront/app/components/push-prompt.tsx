import { lazy, Suspense, useEffect, useState } from "react";
import { pushAccess, pushPossible } from "../lib/push-access";

const PushOptIn = lazy(() => import("./push-opt-in"));

/**
 * Asks a signed-in shopper for web push at a sensible moment (after an order: /order-success and
 * /my/orders; on /notifications when they look for it), never on a first visit. Renders nothing
 * on the server and until the browser says push is possible and the shopper was not asked yet
 * (`again`: also after "Not now"); the card itself is loaded only then.
 */
export function PushPrompt({ signedIn, again = false }: { signedIn: boolean; again?: boolean }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!signedIn || !pushPossible()) return;
    const access = pushAccess();
    if (access === "ask" || (again && access === "denied")) setShow(true);
  }, [signedIn, again]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <PushOptIn onDone={() => setShow(false)} />
    </Suspense>
  );
}
