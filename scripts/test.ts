import { spawnSync } from "node:child_process";
import { connect } from "node:net";

/**
 * `npm test`: the one command CI runs. Type check, lint, unit tests, integration tests on the
 * embedded PostgreSQL, again on the external PostgreSQL with Redis, two instances on those
 * (scripts/scale-out.ts), then the browser journeys.
 */
const EXTERNAL_PG = process.env.TEST_EXTERNAL_PG_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const EXTERNAL_REDIS = process.env.TEST_EXTERNAL_REDIS_URL ?? "redis://127.0.0.1:6379";

type Step = { name: string; cmd: string[]; env?: Record<string, string> };
const steps: Step[] = [
  { name: "typecheck", cmd: ["npm", "run", "typecheck"] },
  { name: "lint", cmd: ["npm", "run", "lint"] },
  { name: "unit", cmd: ["vitest", "run", "--project", "unit"] },
  {
    name: "integration (embedded PostgreSQL, in-process cache)",
    cmd: ["vitest", "run", "--project", "integration"],
  },
  {
    name: "integration (external PostgreSQL, Redis)",
    cmd: ["vitest", "run", "--project", "integration"],
    env: { TEST_PG_SERVER_URL: EXTERNAL_PG, TEST_REDIS_URL: EXTERNAL_REDIS },
  },
  {
    name: "scale-out (two instances, external PostgreSQL, Redis, S3)",
    cmd: ["npm", "run", "test:scale-out"],
    env: { TEST_EXTERNAL_PG_URL: EXTERNAL_PG, TEST_EXTERNAL_REDIS_URL: EXTERNAL_REDIS },
  },
  { name: "e2e (Chromium)", cmd: ["npm", "run", "test:e2e"] },
];

const only = process.argv.slice(2);
await requireServices();

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.startsWith(o))) continue;
  process.stdout.write(`\n━━ ${step.name}\n`);
  const started = Date.now();
  const r = spawnSync(step.cmd[0]!, step.cmd.slice(1), {
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  results.push({ name: step.name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 });
  if (r.status !== 0) break;
}

process.stdout.write("\n");
for (const r of results)
  process.stdout.write(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.seconds.toFixed(0)} s)\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);

/** The external suite is part of `npm test`; it is never skipped because a server is missing. */
async function requireServices() {
  const wantsExternal =
    !only.length ||
    only.some((o) => "integration (external".startsWith(o) || "scale-out".startsWith(o));
  if (!wantsExternal) return;
  for (const [name, url] of [
    ["PostgreSQL", EXTERNAL_PG],
    ["Redis", EXTERNAL_REDIS],
  ] as const) {
    const u = new URL(url);
    const ok = await new Promise<boolean>((res) => {
      const s = connect(Number(u.port || (name === "Redis" ? 6379 : 5432)), u.hostname);
      s.setTimeout(2000, () => {
        s.destroy();
        res(false);
      });
      s.once("connect", () => {
        s.end();
        res(true);
      });
      s.once("error", () => res(false));
    });
    if (!ok) {
      process.stderr.write(
        `npm test: ${name} does not answer at ${url}; start it or set TEST_EXTERNAL_${name === "Redis" ? "REDIS" : "PG"}_URL\n`,
      );
      process.exit(1);
    }
  }
}
