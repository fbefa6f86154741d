import { useEffect, useRef } from "react";
import { openSharePopup, SHARE_NETWORKS, type ShareContent, shareUrl } from "./share-networks";

/**
 * The list of networks in a modal dialog; each opens the 626×436 popup (mail, SMS and app links
 * open directly). Loaded on the first press of Share, so its table costs nothing up front.
 */
export default function ShareDialog({
  content,
  onClose,
}: {
  content: ShareContent;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="share-dialog" aria-labelledby="share-title" onClose={onClose}>
      <h2 id="share-title">{content.heading ?? "Share this product"}</h2>
      <ul className="share-dialog__list">
        {SHARE_NETWORKS.map((network) => {
          const href = shareUrl(network, content);
          return (
            <li key={network.id}>
              <a
                href={href}
                target={network.direct ? undefined : "_blank"}
                rel="noopener noreferrer"
                data-network={network.id}
                onClick={(e) => {
                  if (network.direct) return;
                  if (openSharePopup(href, () => dialog.current?.close())) e.preventDefault();
                }}
              >
                {network.label}
              </a>
            </li>
          );
        })}
      </ul>
      <form method="dialog">
        <button type="submit" className="button">
          Close
        </button>
      </form>
    </dialog>
  );
}
