import { type ComponentType, useEffect, useState } from "react";
import { toastDurations } from "../lib/toast";

type SonnerToaster = ComponentType<Record<string, unknown>>;

/**
 * Spec §9: one toast at a time, top centre, in the rounded 'bubble' look (see app.css). The
 * sonner bundle is fetched once the page is idle after hydration, keeping it out of first-load
 * JavaScript; a toast raised earlier is queued by sonner and shown when this mounts.
 */
export function Toaster() {
  const [Sonner, setSonner] = useState<SonnerToaster | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      import("sonner").then((m) => {
        if (live) setSonner(() => m.Toaster as SonnerToaster);
      });
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    idle(() => void load());
    return () => {
      live = false;
    };
  }, []);
  if (!Sonner) return null;
  return (
    <Sonner
      position="top-center"
      visibleToasts={1}
      theme="light"
      className="toaster-bubble"
      toastOptions={{ className: "bubble", duration: toastDurations.normal }}
    />
  );
}
