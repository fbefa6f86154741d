import { describe, expect, it } from "vitest";
import { reconciliationCsv } from "./admin-dashboard.ts";

describe("reconciliationCsv", () => {
  it("writes a header and CRLF rows, quoting cells with commas or quotes", () => {
    const csv = reconciliationCsv([
      {
        checkoutId: "c1",
        orderNos: ["MD-1", "MD-2"],
        method: 'Card, "Visa"',
        attemptsPaid: 1000,
        ordersPaid: 0,
        difference: 1000,
        match: false,
        createdAt: "2026-11-26T00:00:00.000Z",
      },
    ]);
    expect(csv).toBe(
      "checkout_id,orders,method,attempts_paid,orders_paid,difference,match,created_at\r\n" +
        'c1,MD-1 MD-2,"Card, ""Visa""",1000,0,1000,no,2026-11-26T00:00:00.000Z\r\n',
    );
  });

  it("is the header alone when nothing is to reconcile", () => {
    expect(reconciliationCsv([]).split("\r\n")).toHaveLength(2);
  });
});
