import { lazy, Suspense, useEffect, useState } from "react";
import { useLoginDialog } from "./login-dialog-store";

// The dialog and its form code (with the shared schemas) load on its first opening, so they stay
// out of every page's first-load JavaScript.
const LoginDialog = lazy(() => import("./login-dialog").then((m) => ({ default: m.LoginDialog })));

/** Mounts the login dialog of spec §3 once something opens it, and keeps it mounted after. */
export function LoginDialogHost() {
  const { accountShow } = useLoginDialog();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (accountShow) setOpened(true);
  }, [accountShow]);
  if (!opened && !accountShow) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}
