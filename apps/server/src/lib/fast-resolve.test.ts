import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const HOOK = new URL("./fast-resolve.ts", import.meta.url).href;

/** Heap used by importing drizzle-orm's pg-core, through the hook, in a fresh process. */
function importDrizzleHooked() {
  const script = `
    await import(${JSON.stringify(HOOK)});
    const before = process.memoryUsage().heapUsed;
    const pg = await import("drizzle-orm/pg-core");
    const used = process.memoryUsage().heapUsed - before;
    console.log(JSON.stringify({ pgTable: typeof pg.pgTable, mb: Math.round(used / 2 ** 20) }));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    cwd: new URL("../../../api", import.meta.url),
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { pgTable: string; mb: number };
}

describe("fast-resolve", () => {
  it("loads drizzle-orm through the hook, whole, without the resolver's garbage", () => {
    const hooked = importDrizzleHooked();
    expect(hooked.pgTable).toBe("function");
    // ~3 MB with the hook; ~150 MB without it on Node 24.21.
    expect(hooked.mb).toBeLessThan(30);
  });
});
