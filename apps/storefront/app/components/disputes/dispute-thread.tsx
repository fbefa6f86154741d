import type { DisputeDetail } from "@maidan/contracts/disputes";
import {
  DISPUTE_REASON_LABEL,
  DISPUTE_RESOLUTION_LABEL,
  DISPUTE_WANTED_LABEL,
} from "@maidan/contracts/disputes";
import { rupees } from "@maidan/contracts/money";
import { formatDate } from "../../lib/format";

/**
 * A dispute's story, shared by the shopper's page and the back-office's: what was reported, the
 * photos, then the messages oldest first. Every text is the shopper's or staff's own, shown as
 * text (React escapes it): markup in it reads as characters.
 */
export function DisputeThread({ d, staffView = false }: { d: DisputeDetail; staffView?: boolean }) {
  return (
    <>
      <dl className="dispute-facts">
        <dt>Item</dt>
        <dd>
          {[d.item.name, d.item.size, d.item.color].filter(Boolean).join(" · ")} ({d.item.qty})
        </dd>
        <dt>Problem</dt>
        <dd>{DISPUTE_REASON_LABEL[d.reason]}</dd>
        <dt>{staffView ? "Shopper wants" : "You asked for"}</dt>
        <dd>{DISPUTE_WANTED_LABEL[d.wanted]}</dd>
        <dt>Reported</dt>
        <dd>{formatDate(d.createdAt)}</dd>
      </dl>
      <p className="dispute-description">{d.description}</p>
      {d.photos.length > 0 && (
        <ul className="dispute-photos" aria-label="Photos">
          {d.photos.map((src, n) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <img src={src} alt={`Photo ${n + 1} of the problem`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <h2>Messages</h2>
      {d.messages.length === 0 ? (
        <p className="muted">
          {staffView
            ? "No messages yet."
            : "No messages yet. Our team answers here, usually within a day."}
        </p>
      ) : (
        <ol className="dispute-messages">
          {d.messages.map((m) => (
            <li key={m._id} className={`dispute-message dispute-message--${m.from}`}>
              <div className="dispute-message__head">
                <strong>{m.author}</strong> <span className="muted">{formatDate(m.at)}</span>
              </div>
              <p>{m.text}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** How the dispute ended, in a sentence; staff read "the shopper's" where the shopper reads "your". */
export function resolutionText(d: DisputeDetail, whose = "your") {
  if (!d.resolution) return null;
  const what =
    d.resolution === "replacement"
      ? "A replacement is on its way"
      : d.resolution === "rejected"
        ? "We could not accept this dispute"
        : `${d.amount ? rupees(d.amount) : "The amount"} ${DISPUTE_RESOLUTION_LABEL[d.resolution].toLowerCase().replace("your", whose)}`;
  return d.resolutionNote ? `${what}: ${d.resolutionNote}` : `${what}.`;
}
