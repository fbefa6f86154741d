import { sameOrigin, signUp } from "@maidan/api/testing/auth-helpers";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorefrontTestApp, type StorefrontTestApp } from "./testing/storefront-source.ts";

/**
 * Quality bar "malformed input": every operation of the OpenAPI document (the API, the sandbox
 * gateways, the dev pages) and every route of the real storefront, with every method, as a
 * visitor, a guest and a signed-in shopper, with malformed JSON, form bodies and odd content
 * types, wrong types, huge and hostile strings, odd path parameters and query values. No answer
 * may be 500 or above, and the server must stay up. The variants are sampled with a fixed seed:
 * the same requests on every run (about 4,000: ~3,400 on the document's operations, ~600 on
 * the storefront).
 */
let t: StorefrontTestApp;
beforeAll(async () => {
  t = await createStorefrontTestApp({ products: 12 });
});
afterAll(() => t?.close());

/** A fixed-seed generator (mulberry32): the sample is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    /** `n` distinct items of `xs`, in their order. */
    some: <T>(xs: readonly T[], n: number): T[] =>
      xs
        .map((x) => ({ x, k: next() }))
        .sort((p, q) => p.k - q.k)
        .slice(0, n)
        .map((p) => p.x),
  };
}

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const HOSTILE = [
  "' OR 1=1 --",
  '"; drop table orders; --',
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00%0d%0a",
  "\u0000\u202e\uffff",
  "😀".repeat(300),
  "%",
  "%E0%A4%A",
  "a".repeat(600),
];
const PATH_VALUES = [...HOSTILE.slice(0, 6), "00000000-0000-0000-0000-000000000000", "-1", "1e309"];
const QUERY_VALUES = [
  "abc",
  "-1",
  "99999999999999999999999",
  "1.5",
  "",
  "%27",
  "[]",
  "a".repeat(3000),
];

/** A value of the wrong kind for a property of this schema. */
function wrongFor(s: Schema | undefined): unknown {
  const type = Array.isArray(s?.type) ? s?.type[0] : s?.type;
  if (type === "string") return 12345;
  if (type === "number" || type === "integer") return "NaN";
  if (type === "boolean") return "yes";
  if (type === "array") return { not: "an array" };
  if (type === "object") return [1, 2, 3];
  return null;
}

/** A value this schema accepts, as far as its type and format tell (a real-looking UUID). */
function validFor(s: Schema | undefined): unknown {
  const alt = (s?.anyOf ?? s?.oneOf)?.find((x) => x.type !== "null");
  if (alt) return validFor(alt);
  if (s?.enum?.length) return s.enum[0];
  const type = Array.isArray(s?.type) ? s?.type[0] : s?.type;
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object")
    return Object.fromEntries(
      Object.entries(s?.properties ?? {}).map(([k, p]) => [k, validFor(p)]),
    );
  if (s?.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  if (s?.format === "email") return "fuzz@example.com";
  return "abc";
}

type Body = { label: string; type?: string; payload?: string };

const nestedJson = (depth: number) => {
  let nested: unknown = {};
  for (let i = 0; i < depth; i++) nested = { deeper: nested };
  return nested;
};

/** JSON bodies that break the schema in every way we know; every hostile string in every field. */
function jsonBodies(schema: Schema | undefined): Body[] {
  const keys = Object.keys(schema?.properties ?? {});
  const json = (label: string, value: unknown) => ({
    label,
    type: "application/json",
    payload: JSON.stringify(value),
  });
  const wrong = Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([k, p]) => [k, wrongFor(p)]),
  );
  return [
    { label: "malformed JSON", type: "application/json", payload: '{"a": ' },
    json("an array", [1, 2, 3]),
    json("null", null),
    json("a string", "hello"),
    json("wrong types", wrong),
    ...HOSTILE.map((_, i) =>
      json(
        `hostile strings ${i}`,
        Object.fromEntries(keys.map((k, j) => [k, HOSTILE[(i + j) % HOSTILE.length]])),
      ),
    ),
    // One field hostile, the others as the schema wants them: the checks behind validation.
    ...keys.flatMap((k, j) =>
      [HOSTILE[j % HOSTILE.length], HOSTILE[(j + 7) % HOSTILE.length]].map((h, n) =>
        json(`${k} hostile ${n}`, { ...(validFor(schema) as object), [k]: h }),
      ),
    ),
    // A lone `%` in each field: what decodeURIComponent throws on.
    ...keys.map((k) => json(`${k} percent`, { ...(validFor(schema) as object), [k]: "%" })),
    json("huge strings", Object.fromEntries(keys.map((k) => [k, "x".repeat(200_000)]))),
    json("deep nesting", { ...wrong, nested: nestedJson(60) }),
    {
      label: "deeper nesting",
      type: "application/json",
      payload: `${'{"d":'.repeat(5000)}{}${"}".repeat(5000)}`,
    },
    json("unknown fields only", { __proto__: { admin: true }, constructor: "x" }),
    { label: "JSON with a charset", type: "application/json; charset=utf-16", payload: "{}" },
    { label: "empty JSON", type: "application/json", payload: "" },
  ];
}

/** Form posts and other content types, as browsers, banks and scanners send them. */
function otherBodies(keys: string[]): Body[] {
  const form = (label: string, payload: string) => ({
    label,
    type: "application/x-www-form-urlencoded",
    payload,
  });
  const fields = keys.length ? keys : ["intent", "id", "redirectTo"];
  return [
    ...HOSTILE.slice(0, 5).map((_, i) =>
      form(
        `hostile form ${i}`,
        new URLSearchParams(
          fields.map((k, j) => [k, HOSTILE[(i + j) % HOSTILE.length] as string]),
        ).toString(),
      ),
    ),
    form("raw percent signs", fields.map((k) => `${k}=%&${k}%ZZ=%E0%A4%A`).join("&")),
    form("repeated fields", fields.map((k) => `${k}=1&${k}=2&${k}[]=3`).join("&")),
    form("bracket nesting", `${"a[b]".repeat(200)}=1&__proto__[x]=1&constructor[prototype]=1`),
    form("empty form", ""),
    {
      label: "a form in UTF-16",
      type: "application/x-www-form-urlencoded; charset=utf-16",
      payload: "a=1",
    },
    { label: "plain text", type: "text/plain", payload: "hello" },
    { label: "XML", type: "text/xml", payload: "<a><b>" },
    { label: "multipart without boundary", type: "multipart/form-data", payload: "--x\r\n" },
    {
      label: "truncated multipart",
      type: "multipart/form-data; boundary=x",
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    },
    { label: "no content type", payload: "garbage" },
    { label: "an unknown content type", type: "application/x-unknown", payload: "\u0000\u0001" },
  ];
}

type Who = Record<string, string>;

describe("malformed input everywhere", () => {
  it("answers every request below 500, and stays up", async () => {
    const rng = seeded(12);
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, url: string, who: Who, body?: Body) => {
      sent++;
      const res = await t.app.inject({
        method: method.toUpperCase() as "GET",
        url,
        headers: {
          ...sameOrigin(t),
          ...who,
          ...(body?.type ? { "content-type": body.type } : {}),
        },
        payload: body?.payload,
      });
      if (res.statusCode >= 500)
        failures.push(
          `${res.statusCode} ${method.toUpperCase()} ${url.slice(0, 120)} [${body?.label ?? "no body"}]: ${res.body.slice(0, 160)}`,
        );
    };

    // A shopper whose session the fuzzing may end (log out, change the password): a new one
    // for every operation.
    const shopper = async () => (await signUp(t)).token;
    const { rows } = await t.database.db.execute(
      sql`select slug from products where active order by slug limit 1`,
    );
    const product = (rows[0] as { slug: string }).slug;

    // 1. Every operation of the OpenAPI document: the API, the sandboxes and the dev pages.
    // The guest gets every kind of body and a sample of the many variants of each kind; the
    // shopper a smaller sample. The samples differ from operation to operation, so every
    // hostile value and content type meets many operations.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    // The fault switch stands in for a tester's hand: fuzzing it could slow every sandbox.
    const paths = Object.entries(doc.paths).filter(([path]) => path !== "/sandbox/faults");
    expect(paths.filter(([p]) => p.startsWith("/api/")).length).toBeGreaterThan(50);
    expect(paths.filter(([p]) => p.startsWith("/sandbox/")).length).toBeGreaterThan(15);
    for (const [path, ops] of paths) {
      for (const [method, op] of Object.entries(ops)) {
        if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
        const token = await shopper();
        const identities: Who[] = [
          { cookie: "guest=fuzz-guest-000001" },
          path.startsWith("/api/")
            ? { authorization: `Bearer ${token}` }
            : { cookie: `Authorization=${token}` },
        ];
        const params = path.match(/\{[^}]+\}/g) ?? [];
        const fill = (v: string) =>
          params.reduce((p, name) => p.replace(name, encodeURIComponent(v)), path);
        const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
        const schema =
          op.requestBody?.content?.["application/json"]?.schema ??
          op.requestBody?.content?.["application/x-www-form-urlencoded"]?.schema;
        const keys = Object.keys(schema?.properties ?? {});
        const json = jsonBodies(schema);
        const structural = json.filter((b) => !/hostile/.test(b.label));
        const hostile = json.filter((b) => /^hostile/.test(b.label));
        const oneField = keys.flatMap((k) => [
          ...json.filter((b) => b.label === `${k} percent`),
          rng.pick(json.filter((b) => b.label.startsWith(`${k} hostile`))),
        ]);
        const other = otherBodies(keys);
        for (const [i, who] of identities.entries()) {
          const guest = i === 0;
          for (const v of params.length ? PATH_VALUES : ["x"]) await send(method, fill(v), who);
          for (const q of query)
            for (const v of guest ? QUERY_VALUES : rng.some(QUERY_VALUES, 2))
              await send(method, `${fill("x")}?${q}=${encodeURIComponent(v)}&${q}=2`, who);
          if (method === "get") continue;
          const bodies = guest
            ? [...structural, ...rng.some(hostile, 3), ...oneField, ...rng.some(other, 6)]
            : rng.some([...json, ...other], 5);
          for (const b of bodies) await send(method, fill("x"), who, b);
        }
      }
    }
    const api = sent;

    // 2. Every storefront route: as it is with every method (a sample of bodies of every kind),
    // and with hostile parameters by GET; each route's data request too.
    const hostileFills: Record<string, string> = {
      ":slug": "%E0%A4%A",
      ":c?": "..%2F..%2Fetc",
      ":q?": "%",
      ":id": "%FF",
      ":route": "%00",
      ":token": "%",
      "*": "a/%2e%2e/%2e%2e/b",
    };
    const realFills: Record<string, string> = {
      ":slug": product,
      ":c?": "men-shoes",
      ":q?": "shoes",
      ":id": "00000000-0000-0000-0000-000000000000",
      ":route": "sale",
      ":token": "x".repeat(40),
      "*": "a/b/c",
    };
    const concrete = (pattern: string, fills: Record<string, string>) =>
      Object.entries(fills)
        .reduce((u, [param, v]) => u.replace(param, v), pattern)
        .replace(/:[a-z]+\??/gi, "x")
        .replace(/(.)\/+$/, "$1");
    expect(t.routePaths.length).toBeGreaterThan(40);
    const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    const bodies: Body[] = [
      { label: "no body" },
      { label: "empty form", type: "application/x-www-form-urlencoded", payload: "" },
      ...otherBodies(["intent", "id", "code", "redirectTo", "email", "password", "phone"]),
      ...jsonBodies({ properties: { intent: {}, id: {} } }).filter((b) => !/hostile/.test(b.label)),
    ];
    const token = await shopper();
    const identities: Who[] = [
      {},
      { cookie: "guest=fuzz-guest-000002" },
      { cookie: `Authorization=${token}; guest=fuzz-guest-000003` },
    ];
    for (const pattern of t.routePaths) {
      const page = concrete(pattern, realFills) || "/";
      for (const method of methods) {
        const body = method === "GET" || method === "HEAD" ? undefined : rng.pick(bodies);
        await send(method, page, rng.pick(identities), body);
      }
      const odd = concrete(pattern, hostileFills);
      if (odd !== page) await send("GET", odd, rng.pick(identities));
      // The data requests of client navigations, with odd route lists.
      const data = `${page === "/" ? "/_root" : page}.data`;
      const routes = encodeURIComponent(rng.pick(HOSTILE));
      await send("GET", `${data}?_routes=${routes}`, rng.pick(identities));
      await send("POST", data, rng.pick(identities), rng.pick(bodies));
    }
    expect(sent - api).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
    // Still up and answering.
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/${product}` })).statusCode).toBe(200);
    // About 4,000 requests: ~10 s on a quiet machine, several times that on a busy one.
  }, 180_000);
});
