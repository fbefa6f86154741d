import type { LuckyDrawView } from "@maidan/contracts/lucky-draw";
import { rupees } from "@maidan/contracts/money";
import { Link } from "react-router";
import { ErrorPage } from "../components/error-page";
import { FairnessCheck } from "../components/lucky-draw/fairness-check";
import { viewerContext } from "../context";
import { formatDate } from "../lib/format";
import { errorMeta, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import luckyDrawCss from "../styles/lucky-draw.css?url";
import type { Route } from "./+types/lucky-draw";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: luckyDrawCss }];

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? errorMeta(matches, error)
    : pageMeta(matches, {
        title: "Lucky draw",
        description:
          "Win prizes with your delivered orders, and check every draw was fair yourself.",
      });

const dated = (d: LuckyDrawView) => ({
  ...d,
  closes: formatDate(d.closesAt),
  drawn: formatDate(d.drawnAt),
});

/** /lucky-draw (spec §2, decision 056): the current draw, past draws and their fairness check. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const page = await services(context).luckyDraw.page(viewer?.id ?? null);
  return {
    ...page,
    current: page.current ? dated(page.current) : null,
    past: page.past.map(dated),
  };
}

type Dated = ReturnType<typeof dated>;

export default function LuckyDraw({ loaderData }: Route.ComponentProps) {
  const { current, past, rupeesPerEntry, mine } = loaderData;
  return (
    <div className="lucky-draw">
      <h1>Lucky draw</h1>
      {current ? (
        <CurrentDraw draw={current} rupeesPerEntry={rupeesPerEntry} mine={mine} />
      ) : (
        <p className="lucky-draw__none">
          No draw is open right now. Orders delivered while a draw is open earn entries.
        </p>
      )}

      <section aria-labelledby="past-draws" className="lucky-draw__past">
        <h2 id="past-draws">Past draws</h2>
        {past.length === 0 ? (
          <p>No draws yet.</p>
        ) : (
          past.map((d) => <PastDraw key={d._id} draw={d} />)
        )}
      </section>

      <section aria-labelledby="how-fair" className="lucky-draw__how">
        <h2 id="how-fair">How you can check a draw was fair</h2>
        <ol>
          <li>
            When a draw opens we make a secret seed and publish its SHA-256 hash at once, so the
            seed cannot change later.
          </li>
          <li>
            When it closes, the draw runs once: we publish the seed and the list of every ticket, in
            order, numbered from 0.
          </li>
          <li>
            For i = 0, 1, 2, …: HMAC-SHA256 with the seed as key and <code>winner-i</code> as
            message; its first 6 bytes, read as one big-endian number, modulo the number of tickets
            give the winning ticket. A holder who has already won is skipped, until the draw has its
            winners.
          </li>
          <li>
            Download a draw's data (JSON) and recompute it with any tool, or press “Check it” to
            recompute it here in your browser.
          </li>
        </ol>
      </section>
    </div>
  );
}

function CurrentDraw({
  draw,
  rupeesPerEntry,
  mine,
}: {
  draw: Dated;
  rupeesPerEntry: number;
  mine: { entries: number; holder: string | null } | null;
}) {
  return (
    <section aria-labelledby="current-draw" className="lucky-draw__current">
      <p className="lucky-draw__kicker">Open now</p>
      <h2 id="current-draw">{draw.title}</h2>
      <p className="lucky-draw__prize">
        <strong>{draw.prize}</strong>
        {draw.winnersCount > 1 ? ` for each of ${draw.winnersCount} winners` : null}
      </p>
      <dl className="lucky-draw__facts">
        <dt>Closes</dt>
        <dd>{draw.closes}</dd>
        <dt>How to enter</dt>
        <dd>
          Shop as usual: every {rupees(rupeesPerEntry)} you pay on an order gives you one entry once
          it is delivered.
        </dd>
        <dt>Seed hash (SHA-256)</dt>
        <dd>
          <code className="lucky-draw__hash">{draw.seedHash}</code>
        </dd>
      </dl>
      {mine ? (
        <p className="lucky-draw__mine">
          You have <strong>{mine.entries}</strong> {mine.entries === 1 ? "entry" : "entries"} in
          this draw.
          {mine.holder && mine.entries > 0 ? (
            <>
              {" "}
              Your code in the ticket list: <code>{mine.holder}</code>
            </>
          ) : null}
        </p>
      ) : (
        <p className="lucky-draw__mine">
          <Link to="/account/login?redirectTo=/lucky-draw">Log in</Link> to see your entries.
        </p>
      )}
    </section>
  );
}

function PastDraw({ draw }: { draw: Dated }) {
  const proofUrl = `/api/lucky-draws/${draw._id}/proof`;
  return (
    <article className="past-draw" aria-labelledby={`draw-${draw._id}`}>
      <h3 id={`draw-${draw._id}`}>{draw.title}</h3>
      <p className="past-draw__meta">
        {draw.prize} · drawn {draw.drawn} · {draw.tickets ?? 0} tickets
      </p>
      {draw.winners.length === 0 ? (
        <p>No entries, so no winners.</p>
      ) : (
        <ol className="past-draw__winners" aria-label={`Winners of ${draw.title}`}>
          {draw.winners.map((w) => (
            <li key={w.place}>
              <strong>{w.name}</strong> · ticket {w.ticket} · <code>{w.holder}</code>
            </li>
          ))}
        </ol>
      )}
      <dl className="lucky-draw__facts">
        <dt>Seed hash (published before)</dt>
        <dd>
          <code className="lucky-draw__hash">{draw.seedHash}</code>
        </dd>
        <dt>Seed</dt>
        <dd>
          <code className="lucky-draw__hash">{draw.seed}</code>
        </dd>
      </dl>
      <p>
        <a href={proofUrl} download={`lucky-draw-${draw._id}.json`}>
          Download the draw's data (JSON)
        </a>
      </p>
      <FairnessCheck proofUrl={proofUrl} seedHash={draw.seedHash} />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
