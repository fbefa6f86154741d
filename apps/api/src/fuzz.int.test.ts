import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAME_ORIGIN, signUp } from "./modules/auth/auth-test-helpers.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * Quality bar "malformed input": every operation of the OpenAPI document, as a guest and as a
 * signed-in shopper, with malformed JSON, wrong types, huge and hostile strings, odd path
 * parameters and query values. No answer may be 500 or above, and the server must stay up.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 12 });
});
afterAll(() => t?.close());

type Schema = {
  type?: string | string[];
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

/** Bodies that break the schema in every way we know. */
function bodiesFor(schema: Schema | undefined): { label: string; payload: string }[] {
  const props = Object.entries(schema?.properties ?? {});
  const hostile = Object.fromEntries(props.map(([k]) => [k, HOSTILE[k.length % HOSTILE.length]]));
  const wrong = Object.fromEntries(props.map(([k, p]) => [k, wrongFor(p)]));
  let nested: unknown = {};
  for (let i = 0; i < 60; i++) nested = { deeper: nested };
  return [
    { label: "malformed JSON", payload: '{"a": ' },
    { label: "an array", payload: "[1,2,3]" },
    { label: "null", payload: "null" },
    { label: "a string", payload: '"hello"' },
    { label: "wrong types", payload: JSON.stringify(wrong) },
    { label: "hostile strings", payload: JSON.stringify(hostile) },
    {
      label: "huge strings",
      payload: JSON.stringify(Object.fromEntries(props.map(([k]) => [k, "x".repeat(200_000)]))),
    },
    { label: "deep nesting", payload: JSON.stringify({ ...wrong, nested }) },
    {
      label: "unknown fields only",
      payload: JSON.stringify({ __proto__: { admin: true }, constructor: "x" }),
    },
  ];
}

describe("malformed input on every operation", () => {
  it("answers every request below 500, and stays up", async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    const send = async (
      method: string,
      url: string,
      headers: Record<string, string>,
      payload?: string,
    ) => {
      sent++;
      const res = await t.app.inject({
        method: method.toUpperCase() as "GET",
        url,
        headers: {
          ...SAME_ORIGIN,
          ...headers,
          ...(payload ? { "content-type": "application/json" } : {}),
        },
        payload,
      });
      if (res.statusCode >= 500)
        failures.push(
          `${res.statusCode} ${method.toUpperCase()} ${url.slice(0, 120)} ${payload?.slice(0, 80) ?? ""}: ${res.body.slice(0, 160)}`,
        );
    };

    // /api only: the /sandbox routes stand in for the banks and answer as they do (a SOAP fault
    // is an HTTP 500 by the SOAP protocol).
    const paths = Object.entries(doc.paths).filter(([path]) => path.startsWith("/api/"));
    expect(paths.length).toBeGreaterThan(50);
    for (const [path, ops] of paths) {
      for (const [method, op] of Object.entries(ops)) {
        if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
        // A fresh shopper per operation: some operations log out or change the password.
        const user = await signUp(t);
        const identities: Record<string, string>[] = [
          { cookie: "guest=fuzz-guest-000001" },
          { authorization: `Bearer ${user.token}` },
        ];
        const params = path.match(/\{[^}]+\}/g) ?? [];
        const fill = (v: string) =>
          params.reduce((p, name) => p.replace(name, encodeURIComponent(v)), path);
        const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        for (const who of identities) {
          for (const v of params.length ? PATH_VALUES : ["x"]) await send(method, fill(v), who);
          for (const q of query)
            for (const v of QUERY_VALUES)
              await send(method, `${fill("x")}?${q}=${encodeURIComponent(v)}&${q}=2`, who);
          if (method !== "get")
            for (const b of bodiesFor(schema)) await send(method, fill("x"), who, b.payload);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // Still up and answering.
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
