/**
 * Spec §3 `pushNotificationAccess` (default 'ask'): whether the shop may still ask this browser
 * for push. Kept in localStorage: 'granted' once subscribed, 'denied' after "Not now" or a
 * refusal. Nothing here touches the network.
 */
export type PushAccess = "ask" | "granted" | "denied";
const KEY = "pushNotificationAccess";

export function pushAccess(): PushAccess {
  try {
    const v = localStorage.getItem(KEY);
    return v === "granted" || v === "denied" ? v : "ask";
  } catch {
    return "ask";
  }
}

export function setPushAccess(v: PushAccess) {
  try {
    localStorage.setItem(KEY, v);
  } catch {
    // Private mode: the shop asks again next time.
  }
}

/** The browser can take web push, and its permission is not refused. */
export const pushPossible = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window &&
  Notification.permission !== "denied";
