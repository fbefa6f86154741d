import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MicroserviceError,
  microserviceClient,
  tokenOfRequest,
  usableBase,
} from "./microservice.server";

type Seen = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };
const seen: Seen[] = [];
const server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen.push({ method: req.method, url: req.url, headers: req.headers, body });
  if (req.url?.endsWith("/broken")) {
    res.writeHead(422, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "Not allowed", status: 422 }));
    return;
  }
  if (req.url?.endsWith("/plain")) {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("pong");
    return;
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ items: [1, 2], echo: body ? JSON.parse(body) : null }));
});
let base = "";
beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const page = (cookie?: string) =>
  new Request("http://shop.test/my", cookie ? { headers: { cookie } } : {});

describe("the microservice client (spec §6, §7)", () => {
  it("sends the Authorization cookie's token as Bearer to the base address and returns only the body", async () => {
    const token = tokenOfRequest(page("guest=g1; Authorization=abc.def.ghi"));
    expect(token).toBe("abc.def.ghi");
    const client = microserviceClient(base, token);
    expect(await client.get("/freebies/7?x=1")).toEqual({ items: [1, 2], echo: null });
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/v1/freebies/7?x=1" });
    expect(seen.at(-1)?.headers.authorization).toBe("Bearer abc.def.ghi");
    expect(await client.post("orders/track", { id: 5 })).toEqual({
      items: [1, 2],
      echo: { id: 5 },
    });
    expect(seen.at(-1)?.headers["content-type"]).toBe("application/json");
    expect(await client.get("plain")).toBe("pong");
  });

  it("signed out (no cookie, or the old client's 'null'): no Authorization header at all", async () => {
    for (const request of [page(), page("Authorization=null")]) {
      await microserviceClient(base, tokenOfRequest(request)).get("/ping");
      expect(seen.at(-1)?.headers.authorization).toBeUndefined();
    }
  });

  it("an error answer is thrown with the service's message and status", async () => {
    const failure = microserviceClient(base, "t").get("/broken");
    await expect(failure).rejects.toBeInstanceOf(MicroserviceError);
    await expect(failure).rejects.toMatchObject({ message: "Not allowed", status: 422 });
  });

  it("sends tokens only to an https base or this machine; paths stay under the base", async () => {
    expect(usableBase(null)).toBeNull();
    expect(usableBase("http://api.example.com")).toBeNull();
    expect(usableBase("ftp://127.0.0.1")).toBeNull();
    expect(usableBase("https://api.example.com/v2")?.href).toBe("https://api.example.com/v2");
    await expect(microserviceClient(null, "t").get("/x")).rejects.toMatchObject({ status: 503 });
    await expect(microserviceClient("http://10.0.0.1", "t").get("/x")).rejects.toMatchObject({
      status: 503,
    });
    await microserviceClient(base, "t").get("//evil.example/steal");
    expect(seen.at(-1)?.url).toBe("/v1/evil.example/steal");
    expect(seen.at(-1)?.headers.host).toMatch(/^127\.0\.0\.1:/);
  });
});
