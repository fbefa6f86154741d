import { type ComponentType, useEffect, useState } from "react";
import { loginDialog, useLoginDialog } from "./login-dialog-store";

/**
 * Mounts the login dialog of spec §3 once something opens it, and keeps it mounted after. Its
 * code (the form, the shared schemas) loads at the first opening, so it stays out of every page's
 * first-load JavaScript. Loaded by hand rather than through `lazy` and Suspense: opened while a
 * page's own lazy view was still arriving (a click soon after load on a slow line), the
 * suspended dialog was never shown.
 */
export function LoginDialogHost() {
  const { accountShow } = useLoginDialog();
  const [Dialog, setDialog] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!accountShow || Dialog) return;
    let live = true;
    import("./login-dialog").then(
      (m) => {
        if (live) setDialog(() => m.LoginDialog);
      },
      // A chunk that fails to load (offline): closed again, so the page scrolls; the next
      // opening tries again.
      () => loginDialog.close(),
    );
    return () => {
      live = false;
    };
  }, [accountShow, Dialog]);
  return Dialog ? <Dialog /> : null;
}
