import { Link, redirect, useActionData } from "react-router";
import { ErrorPage } from "../components/error-page";
import { ClaimForm } from "../components/freebies/claim-form";
import { FreebieProducts } from "../components/freebies/freebie-products";
import { standingText, termLines } from "../components/freebies/freebie-terms";
import { LazyImage } from "../components/media/lazy-image";
import { requireViewer } from "../lib/account.server";
import { freebiePage } from "../lib/freebie-page.server";
import { errorMeta, pageMeta } from "../lib/seo";
import { failure } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/freebie";
import "../styles/freebies.css";

/** /freebies/{id}: one campaign, its free products (linking to their pages) and its terms. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return freebiePage(services(context).freebies, context, params.id, request);
}

/** The claim (decision 057): the picked `productId:variantId`; then the claim's own page. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const [productId = "", variantId = ""] = String(
    (await request.formData()).get("pick") ?? "",
  ).split(":");
  try {
    const claim = await services(context).freebieClaims.claim(viewer.id, params.id, {
      productId,
      variantId,
    });
    return redirect(`/myfreebies/${claim._id}`);
  } catch (e) {
    return failure(e);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : pageMeta(matches, {
        title: loaderData.freebie.title,
        description: loaderData.freebie.description,
      });

export default function Freebie({ loaderData }: Route.ComponentProps) {
  const { freebie, loginHref } = loaderData;
  const refused = useActionData<typeof action>();
  return (
    <article className="freebie" aria-labelledby="freebie-title">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/freebies">Freebies</Link>
          </li>
          <li aria-current="page">{freebie.title}</li>
        </ol>
      </nav>
      <div className="freebie__head">
        {freebie.image && (
          <LazyImage
            className="freebie__image"
            src={freebie.image}
            alt=""
            width={800}
            height={800}
            sizes="(min-width: 900px) 360px, 100vw"
            priority
          />
        )}
        <div>
          <h1 id="freebie-title">{freebie.title}</h1>
          <p>{freebie.description}</p>
          <ul className="freebie-terms">
            {termLines(freebie).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="freebie__standing" role="status">
            {freebie.viewer ? (
              standingText(freebie.viewer)
            ) : (
              <>
                <Link to={loginHref}>Sign in</Link> to see whether your cart qualifies.
              </>
            )}
          </p>
        </div>
      </div>
      <ClaimForm freebie={freebie} error={refused?.message} />
      <section aria-labelledby="freebie-products-title">
        <h2 id="freebie-products-title">Free with your order</h2>
        <FreebieProducts products={freebie.products} />
      </section>
      <section className="freebie__terms" aria-labelledby="freebie-terms-title">
        <h2 id="freebie-terms-title">Terms</h2>
        <p>{freebie.terms}</p>
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
