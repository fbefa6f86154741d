import { safeRedirect } from "@maidan/contracts/safe-redirect";
import { useSyncExternalStore } from "react";

/**
 * The login dialog state of spec §3, opened from anywhere ("sign in to continue") and shown by
 * <LoginDialog> in the root layout. Opening locks the page scroll with a body class.
 */
export type LoginDialogState = {
  accountShow: boolean;
  title: string;
  /** Same-site path to land on after signing in; null = stay on the current page. */
  redirectTo: string | null;
  fromReview: boolean;
  submitReview: boolean;
  guestUser: boolean;
  notifyModelShow: boolean;
};

export type OpenOptions = {
  redirectTo?: string;
  fromReview?: boolean;
  submitReview?: boolean;
  guestUser?: boolean;
};

export const NO_SCROLL_CLASS = "no-scroll";

const closed: LoginDialogState = {
  accountShow: false,
  title: "",
  redirectTo: null,
  fromReview: false,
  submitReview: false,
  guestUser: false,
  notifyModelShow: false,
};

type Body = { classList: { add(c: string): void; remove(c: string): void } };

export function createLoginDialogStore(body: () => Body | null) {
  let state = closed;
  const listeners = new Set<() => void>();
  const set = (next: LoginDialogState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open(title: string, options: OpenOptions = {}) {
      body()?.classList.add(NO_SCROLL_CLASS);
      set({
        ...state,
        accountShow: true,
        title,
        // An off-site or malformed target is dropped, never followed (open-redirect guard).
        redirectTo: safeRedirect(options.redirectTo),
        fromReview: options.fromReview ?? false,
        submitReview: options.submitReview ?? false,
        guestUser: options.guestUser ?? false,
      });
    },
    close() {
      body()?.classList.remove(NO_SCROLL_CLASS);
      if (state.accountShow) set({ ...closed, notifyModelShow: state.notifyModelShow });
    },
    /** The notification prompt flag kept with the dialog state (spec §3). */
    setNotifyModel(show: boolean) {
      set({ ...state, notifyModelShow: show });
    },
  };
}

export const loginDialog = createLoginDialogStore(() =>
  typeof document === "undefined" ? null : document.body,
);

export function useLoginDialog(): LoginDialogState {
  return useSyncExternalStore(loginDialog.subscribe, loginDialog.getSnapshot, () => closed);
}

/** The header's "Log in" opens the dialog on shop pages; the account pages keep their own form. */
export const opensLoginDialog = (pathname: string) =>
  !/^\/(account|my|login|verify|oauth)(\/|$)/.test(pathname);
