import { Toaster as Sonner } from "sonner";
import { toastDurations } from "../lib/toast";

/**
 * Spec §9: one toast at a time, top centre, in the rounded 'bubble' look (see app.css). One of
 * the idle parts (idle-parts.tsx), so sonner stays out of first-load JavaScript; a toast raised
 * earlier is queued by sonner and shown when this mounts.
 */
export function Toaster() {
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
