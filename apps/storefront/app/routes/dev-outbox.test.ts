import type { OutboxMessage } from "@maidan/contracts/auth-service";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "../context";
import { fakeServices } from "../testing/fake-services";
import { headers, loader } from "./dev-outbox";

const sms: OutboxMessage = {
  id: "m-1",
  channel: "sms",
  recipient: "923001234567",
  subject: null,
  html: null,
  body: "Maidan: confirm your cash-on-delivery order MD-100001 (Rs. 3,499) with code 123456",
  createdAt: "2026-11-25T20:00:00.000Z",
};

function run(url: string, outbox: (to?: string) => Promise<unknown>) {
  const services = fakeServices();
  services.auth.outbox = outbox as never;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return loader({ request: new Request(url), context, params: {} } as never);
}

describe("/dev/outbox", () => {
  it("is a 404 where the outbox is not readable", async () => {
    const answer = await run("http://shop.test/dev/outbox", async () => null).catch(
      (e: unknown) => e,
    );
    expect((answer as { init?: { status?: number } }).init?.status).toBe(404);
  });

  it("lists the messages to the number asked for; an e-mail's HTML part is kept for its frame", async () => {
    let asked: string | undefined;
    const mail = { ...sms, id: "m-2", channel: "email", html: "<p>Thank you</p>" };
    const d = await run("http://shop.test/dev/outbox?to=%20923001234567%20", async (to) => {
      asked = to;
      return [sms, mail];
    });
    expect(asked).toBe("923001234567");
    expect(d.to).toBe("923001234567");
    expect(d.messages.map((m) => m.html)).toEqual([null, "<p>Thank you</p>"]);
  });

  it("is never stored by a cache, and sends its address to no other site", () => {
    expect(headers({} as never)).toEqual({
      "cache-control": "no-store",
      "referrer-policy": "same-origin",
    });
  });
});
