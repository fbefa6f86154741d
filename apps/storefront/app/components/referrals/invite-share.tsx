import { type ComponentType, useEffect, useState } from "react";
import type { ShareContent } from "../share/share-networks";

type Dialog = ComponentType<{ content: ShareContent; onClose: () => void }>;

/**
 * "Share" for the invite link: the storefront's §9 dialog of networks (WhatsApp first among
 * them for most shoppers), fetched on first press. Not the product page's ShareButton: a third
 * importer would split that module into a chunk of its own, and the product page would load
 * one more file (its first-load budget has no room for it).
 */
export function InviteShare({ content }: { content: ShareContent }) {
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const open = async () => {
    const { default: loaded } = await import("../share/share-dialog");
    setDialog(() => loaded);
  };
  return (
    <>
      <button type="button" className="button" onClick={open} disabled={!ready}>
        Share
      </button>
      {Dialog && <Dialog content={content} onClose={() => setDialog(null)} />}
    </>
  );
}
