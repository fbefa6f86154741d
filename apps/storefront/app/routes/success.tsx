import type { CallBackRequest, VendorApplication } from "@maidan/contracts/vendor-applications";
import {
  CALL_BACK_RECEIVED,
  CALL_BACK_TIME_LABEL,
  CALL_BACK_TOPIC_LABEL,
} from "@maidan/contracts/vendor-labels";
import { data, Link, useLoaderData } from "react-router";
import { NEXT_STEPS, STATUS_LABEL } from "../components/vendors/application-words";
import { guestIdContext, viewerContext } from "../context";
import { formatDate } from "../lib/format";
import { pageMeta } from "../lib/seo";
import { pageError } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/success";
import "../styles/vendors.css";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: loaderData?.kind === "none" || !loaderData ? "Nothing to show" : "Thank you",
  }),
  { name: "robots", content: "noindex" },
];

type Outcome =
  | { kind: "vendor-application"; application: VendorApplication }
  | { kind: "call-back"; callBack: CallBackRequest }
  | { kind: "none" };

const CALL_BACK_STATUS = { new: "Waiting for our call", called: "Called", closed: "Closed" };

/**
 * `/success?kind=vendor-application|call-back&id=…` (spec §2, decision 058): where the vendor
 * application and call-back forms land. What it shows is read from the server, and only for
 * the account or browser that sent it; an unknown kind or id, or someone else's, shows a plain
 * "nothing to show" (404), never the error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  const owner = {
    userId: context.get(viewerContext)?.id ?? null,
    guestId: context.get(guestIdContext),
  };
  const s = services(context).vendorApplications;
  let outcome: Outcome = { kind: "none" };
  try {
    switch (url.searchParams.get("kind")) {
      case "vendor-application": {
        const application = await s.applicationOf(owner, id);
        if (application) outcome = { kind: "vendor-application", application };
        break;
      }
      case "call-back": {
        const callBack = await s.callBackOf(owner, id);
        if (callBack) outcome = { kind: "call-back", callBack };
        break;
      }
    }
  } catch (e) {
    throw pageError(e, request);
  }
  return data(outcome, { status: outcome.kind === "none" ? 404 : 200 });
}

function ApplicationOutcome({ a }: { a: VendorApplication }) {
  return (
    <section className="vendor-done" aria-labelledby="done-title">
      <h1 id="done-title">
        {a.status === "pending"
          ? "Application received"
          : `Application ${STATUS_LABEL[a.status].toLowerCase()}`}
      </h1>
      {a.status === "pending" && (
        <p>
          Thank you! We have your application. Our team checks it within 3 working days and tells
          you the decision by SMS and e-mail.
        </p>
      )}
      <p>
        <strong>{a.businessName}</strong> · {a.phone} · {a.email}
      </p>
      <p>
        <span className={`status-pill status-pill--${a.status}`}>{STATUS_LABEL[a.status]}</span>{" "}
        <span className="muted">
          Sent {formatDate(a.createdAt)}
          {a.documentCount > 0
            ? ` with ${a.documentCount} document${a.documentCount === 1 ? "" : "s"}`
            : ""}
          {a.decidedAt ? ` · decided ${formatDate(a.decidedAt)}` : ""}
        </span>
      </p>
      {a.status === "rejected" && a.reason && <p>Reason: {a.reason}</p>}
      {a.status === "approved" && a.storeId && (
        <p>
          <Link to={`/stores/${a.storeId}`}>Your store page</Link>
        </p>
      )}
      {a.status === "pending" && (
        <>
          <h2>What happens next</h2>
          <ol>
            {NEXT_STEPS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </>
      )}
      <Link to="/" className="button">
        Continue shopping
      </Link>
    </section>
  );
}

function CallBackOutcome({ c }: { c: CallBackRequest }) {
  return (
    <section className="vendor-done" aria-labelledby="done-title">
      <h1 id="done-title">We will call you</h1>
      {c.status === "new" && <p>{CALL_BACK_RECEIVED}</p>}
      <p>
        <strong>{c.name}</strong> · {c.phone}
      </p>
      <p>
        {CALL_BACK_TOPIC_LABEL[c.topic]}
        {c.orderNo ? ` · order ${c.orderNo}` : ""} · {CALL_BACK_TIME_LABEL[c.preferredTime]}
      </p>
      <p>
        <span className={`status-pill status-pill--${c.status}`}>{CALL_BACK_STATUS[c.status]}</span>{" "}
        <span className="muted">Asked {formatDate(c.createdAt)}</span>
      </p>
      <Link to="/" className="button">
        Continue shopping
      </Link>
    </section>
  );
}

export default function Success() {
  const outcome = useLoaderData<typeof loader>();
  return (
    <div className="vendor-page">
      {outcome.kind === "vendor-application" ? (
        <ApplicationOutcome a={outcome.application} />
      ) : outcome.kind === "call-back" ? (
        <CallBackOutcome c={outcome.callBack} />
      ) : (
        <section className="vendor-done" aria-labelledby="done-title">
          <h1 id="done-title">Nothing to show</h1>
          <p>There is no request of yours at this address.</p>
          <p>
            <Link to="/apply-for-vendor">Sell on Maidan</Link> ·{" "}
            <Link to="/request-call-back">Request a call back</Link> ·{" "}
            <Link to="/my/orders">My orders</Link>
          </p>
          <Link to="/" className="button">
            Continue shopping
          </Link>
        </section>
      )}
    </div>
  );
}
