import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage, ErrorPageGuard } from "./error-page";

function render(error: unknown) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ErrorPage error={error} />
    </MemoryRouter>,
  );
}

describe("ErrorPage", () => {
  it("shows the 404 text", () => {
    const html = render({ status: 404, statusText: "Not Found", data: null, internal: false });
    expect(html).toContain("This page could not be found");
    expect(html).toContain("404");
    expect(html).toContain('href="/"');
  });

  it("shows status 500 and the message by default", () => {
    const html = render(new Error("Payment service unreachable"));
    expect(html).toContain(">500<");
    expect(html).toContain("Payment service unreachable");
  });

  it("shows the API's status and message", () => {
    const html = render({ message: "Too many requests", status: 429 });
    expect(html).toContain(">429<");
    expect(html).toContain("Too many requests");
  });
});

describe("ErrorPageGuard", () => {
  it("falls back to a plain message with details and a home link", () => {
    const guard = new ErrorPageGuard({ children: null });
    guard.state = ErrorPageGuard.getDerivedStateFromError(new Error("render failed"));
    const html = renderToStaticMarkup(guard.render());
    expect(html).toContain("An error occurred while showing the error page");
    expect(html).toContain("render failed");
    expect(html).toContain('<a href="/" class="button">Go back to home</a>');
  });
});
