import { Component, type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { isChunkLoadError, reloadAfterChunkError } from "../lib/chunk-reload";
import { errorView, normalizeError } from "../lib/errors";

function ErrorDetails({ error }: { error: unknown }) {
  // Stacks help while developing and must never reach shoppers.
  const view = errorView(error, import.meta.env.DEV);
  return (
    <section className="panel error-page" role="alert">
      <p className="error-page__status">{view.status}</p>
      <h1>{view.heading}</h1>
      {view.stack && <pre className="error-page__stack">{view.stack}</pre>}
      <p>
        <Link to="/" className="button">
          Go back to home
        </Link>
      </p>
    </section>
  );
}

type GuardState = { failure: unknown };

/** Spec §8: if the error page itself throws, show a last, dependency-free message. */
export class ErrorPageGuard extends Component<{ children: ReactNode }, GuardState> {
  override state: GuardState = { failure: null };

  static getDerivedStateFromError(failure: unknown): GuardState {
    return { failure: failure ?? new Error("Unknown failure") };
  }

  override render() {
    if (this.state.failure === null) return this.props.children;
    return (
      <section className="panel error-page" role="alert">
        <h1>An error occurred while showing the error page</h1>
        <pre className="error-page__stack">{normalizeError(this.state.failure).message}</pre>
        <p>
          <a href="/" className="button">
            Go back to home
          </a>
        </p>
      </section>
    );
  }
}

/** The error page for any route: 404 text, or status and message. */
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    // A route chunk missing after a deploy: a reload picks up the new build (at most once a minute).
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);

  return (
    <ErrorPageGuard>
      <ErrorDetails error={error} />
    </ErrorPageGuard>
  );
}
