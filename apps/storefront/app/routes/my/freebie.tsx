import { rupees } from "@maidan/contracts/money";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import freebiesCss from "../../styles/freebies.css?url";
import type { Route } from "./+types/freebie";
import { CLAIM_LABEL, variantText } from "./freebies";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: freebiesCss }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Freebie: ${loaderData.claim.product.name}` : "My freebie",
  });

/** /myfreebies/{detail}: one of the shopper's claims with its order; anyone else's is a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  try {
    return { claim: await services(context).freebieClaims.one(viewer.id, params.detail) };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<ActionFeedback> {
  const viewer = requireViewer(context, request);
  try {
    await services(context).freebieClaims.cancel(viewer.id, params.detail);
    return { ok: true, message: "Your freebie claim is cancelled." };
  } catch (e) {
    return failure(e);
  }
}

export default function MyFreebie() {
  const { claim: c } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  useFeedback(outcome);
  const busy = useNavigation().state !== "idle";
  const f = c.freebie;
  return (
    <section aria-labelledby="my-freebie-title" className="my-freebie-detail">
      <p>
        <Link to="/myfreebies">← My freebies</Link>
      </p>
      <h1 id="my-freebie-title">{c.product.name}</h1>
      <div className="my-freebie">
        {c.product.img ? (
          <img src={c.product.img} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span />
        )}
        <div>
          <p>
            Free from <Link to={`/freebies/${f.slug}`}>{f.title}</Link>
            {variantText(c.product) && ` · ${variantText(c.product)}`}
          </p>
          <p className="muted">Claimed {formatDate(c.createdAt)}</p>
          <p>
            <span className="claim-state">{CLAIM_LABEL[c.state]}</span>
          </p>
        </div>
      </div>
      {c.order && c.state !== "cancelled" && (
        <p>
          {c.state === "ordered" ? "It comes with" : "It came with"} order{" "}
          <Link to={`/my/orders/${c.order._id}`}>{c.order.orderNo}</Link> at Rs. 0.
        </p>
      )}
      {c.state === "claimed" && (
        <p>
          We are holding it for you. It joins your next order
          {f.minOrderValue > 0 ? ` of ${rupees(f.minOrderValue)} or more` : ""}
          {f.firstOrderOnly ? ", if it is your first" : ""}, at Rs. 0.
          {f.minOrderValue > 0 &&
            " An order below that is placed without it, and the claim stays open."}
        </p>
      )}
      {c.state === "cancelled" && c.cancelReason && <p>Cancelled: {c.cancelReason}.</p>}
      {outcome && !outcome.ok && (
        <p className="freebie-claim__error" role="alert">
          {outcome.message}
        </p>
      )}
      {c.cancellable && (
        <Form method="post">
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Cancelling…" : "Cancel this claim"}
          </button>
        </Form>
      )}
    </section>
  );
}
