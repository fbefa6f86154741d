import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-flags.ts";

describe("the production server's Node flags", () => {
  it("are the ones `npm run serve` starts it with", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
    const env = Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${v} `);
    expect(pkg.scripts.serve).toBe(
      `${env.join("")}node ${SERVER_NODE_FLAGS.join(" ")} apps/server/src/main.ts`,
    );
  });
});
