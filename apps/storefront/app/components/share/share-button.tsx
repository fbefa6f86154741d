import { type ComponentType, useEffect, useState } from "react";
import type { ShareContent } from "./share-networks";

type Dialog = ComponentType<{ content: ShareContent; onClose: () => void }>;

const isPhone = () => /Android|iPhone|iPad|Mobi/i.test(navigator.userAgent);

/**
 * "Share": on phones with the Web Share API, the system share sheet; elsewhere (or when the
 * sheet fails) the dialog of networks, fetched on first use.
 */
export function ShareButton({ content }: { content: ShareContent }) {
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  // Sharing needs script; until the page has hydrated the button is visibly unavailable rather
  // than a press that does nothing.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const onShare = async () => {
    if (isPhone() && typeof navigator.share === "function") {
      try {
        await navigator.share({
          url: content.url,
          title: content.title,
          text: content.description,
        });
        return;
      } catch (error) {
        // Dismissing the sheet is not a failure; anything else falls back to the dialog.
        if ((error as Error).name === "AbortError") return;
      }
    }
    const { default: loaded } = await import("./share-dialog");
    setDialog(() => loaded);
  };

  return (
    <>
      <button
        type="button"
        className="button button--ghost share-button"
        onClick={onShare}
        disabled={!ready}
      >
        Share
      </button>
      {Dialog && <Dialog content={content} onClose={() => setDialog(null)} />}
    </>
  );
}
