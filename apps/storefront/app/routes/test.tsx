import { Fragment, useEffect, useState } from "react";
import { Link } from "react-router";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/test";

/**
 * /test (spec §2): a check of the shopper's browser and connection for customer care. Support
 * asks a shopper who cannot pay or sign in to open it and read out (or copy) what it shows:
 * cookies, the clock against the shop's, the connection, the screen, and how fast the shop
 * answers. Nothing is sent anywhere.
 */
export function loader() {
  return { serverTime: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Check your connection" }),
  { name: "robots", content: "noindex" },
];

type Check = [label: string, value: string];
/** The shop's /api/ready round trip: its milliseconds, "failed", or null while it runs. */
type Answer = number | "failed" | null;

/** What the browser says of itself, and how fast the shop answered. */
function browserChecks(serverTime: string, loadedAt: number, answer: Answer): Check[] {
  const offset = Math.round((loadedAt - Date.parse(serverTime)) / 1000);
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } })
    .connection?.effectiveType;
  return [
    ["JavaScript", "on"],
    ["Cookies", navigator.cookieEnabled ? "on" : "off: sign-in and the cart need them"],
    [
      "Your clock",
      Math.abs(offset) <= 120
        ? "right"
        : `${Math.abs(offset)} seconds ${offset > 0 ? "ahead" : "behind"}: codes may be refused`,
    ],
    ["Connection", connection ?? "not reported by this browser"],
    ["Screen", `${window.innerWidth} × ${window.innerHeight}`],
    [
      "The shop answered in",
      answer === null
        ? "…"
        : answer === "failed"
          ? "no answer: check your connection"
          : `${answer} ms`,
    ],
    ["Browser", navigator.userAgent],
  ];
}

export default function ConnectionCheck({ loaderData }: Route.ComponentProps) {
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const loadedAt = Date.now();
    const show = (answer: Answer) =>
      setChecks(browserChecks(loaderData.serverTime, loadedAt, answer));
    show(null);
    const started = performance.now();
    fetch("/api/ready", { cache: "no-store" }).then(
      (res) => show(res.ok ? Math.round(performance.now() - started) : "failed"),
      () => show("failed"),
    );
  }, [loaderData.serverTime]);
  return (
    <section className="panel connection-check">
      <h1>Check your connection</h1>
      <p>Customer care may ask you to open this page and read out what it shows.</p>
      <dl className="facts">
        <dt>The shop's time</dt>
        <dd>{new Date(loaderData.serverTime).toUTCString()}</dd>
        {(checks ?? [["JavaScript", "off: the shop needs it for checkout"]]).map(
          ([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ),
        )}
      </dl>
      {checks && (
        <button
          type="button"
          className="button"
          onClick={() => {
            const text = checks.map(([label, value]) => `${label}: ${value}`).join("\n");
            navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? "Copied" : "Copy these details"}
        </button>
      )}
      <p>
        <Link to="/">Back to the shop</Link>
      </p>
    </section>
  );
}
