import { useState } from "react";
import { setPushAccess } from "../lib/push-access";
import "../styles/push-opt-in.css";

/** The VAPID key as the bytes PushManager.subscribe wants (base64url → Uint8Array). */
function keyBytes(base64url: string) {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function registration() {
  return (
    (await navigator.serviceWorker.getRegistration("/")) ??
    navigator.serviceWorker.register("/sw.js", { scope: "/", type: "module" })
  );
}

/**
 * Turns web push on for this browser: the permission, a subscription through the shop's service
 * worker, and the subscription (the spec's `pushToken`) sent to the shop.
 */
async function subscribe() {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return false;
  await registration();
  const reg = await navigator.serviceWorker.ready;
  const key = await fetch("/api/push/vapid-public-key").then((r) => {
    if (!r.ok) throw new Error(`vapid key: ${r.status}`);
    return r.json() as Promise<{ publicKey: string }>;
  });
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.publicKey),
    }));
  const res = await fetch("/api/push/subscriptions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(sub),
  });
  if (!res.ok) throw new Error(`subscription: ${res.status}`);
  return true;
}

type State = "idle" | "busy" | "on" | "failed";

export default function PushOptIn({ onDone }: { onDone: () => void }) {
  const [state, setState] = useState<State>("idle");
  const enable = async () => {
    setState("busy");
    try {
      const on = await subscribe();
      setPushAccess(on ? "granted" : "denied");
      if (on) setState("on");
      else onDone();
    } catch (err) {
      // biome-ignore lint/suspicious/noConsole: §8, a failure is only logged (the browser's console); the shopper can try again.
      console.warn("push: subscribing failed", err);
      setState("failed");
    }
  };
  if (state === "on")
    return (
      <p className="push-opt-in push-opt-in--on" role="status">
        Notifications are on. We will tell you when your order moves.
      </p>
    );
  return (
    <section className="push-opt-in" aria-label="Order updates">
      <p>
        <strong>Get order updates on this device?</strong> We will tell you when your order is
        confirmed, shipped and delivered.
      </p>
      {state === "failed" && (
        <p className="form-error" role="alert">
          We could not turn on notifications in this browser. Please try again.
        </p>
      )}
      <div className="push-opt-in__actions">
        <button type="button" className="button" onClick={enable} disabled={state === "busy"}>
          Turn on notifications
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setPushAccess("denied");
            onDone();
          }}
        >
          Not now
        </button>
      </div>
    </section>
  );
}
