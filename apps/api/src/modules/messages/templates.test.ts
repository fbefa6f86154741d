import { describe, expect, it } from "vitest";
import { emailContent, smsText } from "./templates.ts";

describe("e-mail templates", () => {
  it("give the text and the HTML part from the same paragraphs, links as buttons", () => {
    const m = emailContent({
      template: "reset-password",
      link: "https://maidan.pk/account/reset-password/abc",
    });
    expect(m.subject).toBe("Reset your Maidan password");
    expect(m.text).toBe(
      "Someone asked to reset the password of your Maidan account.\n\nChoose a new password here (the link works for one hour, once):\nhttps://maidan.pk/account/reset-password/abc\n\nIf it was not you, ignore this e-mail.",
    );
    expect(m.html).toMatch(/^<!doctype html>/);
    expect(m.html).toContain('<a href="https://maidan.pk/account/reset-password/abc"');
    expect(m.html).toContain(">Choose a new password</a>");
    expect(m.html).toContain("<title>Reset your Maidan password</title>");
  });

  it("escape what the shopper typed in the HTML part, and keep it as typed in the text", () => {
    const m = emailContent({
      template: "order-placed",
      fullName: `<script>alert("x")</script> & Co`,
      delivery: "House 1, Lahore, Punjab",
      numbers: "MD-1",
      total: 1250,
      cod: true,
      confirm: null,
    });
    expect(m.text).toContain(`Dear <script>alert("x")</script> & Co,`);
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("Dear &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co,");
    expect(m.text).toContain("Total Rs. 1,250, paid in cash on delivery.");
  });
});

describe("SMS templates", () => {
  it("the COD order with confirmation carries its code and link; a new code names the order", () => {
    const confirm = { code: "123456", link: "https://maidan.pk/api/orders/confirm-link?c=1" };
    expect(
      smsText({ template: "order-placed", numbers: "MD-1", total: 999, cod: true, confirm }),
    ).toBe(
      `Maidan: confirm your cash-on-delivery order MD-1 (Rs. 999) with code 123456, or tap ${confirm.link}`,
    );
    expect(smsText({ template: "cod-new-code", numbers: "MD-1", ...confirm })).toBe(
      `Maidan: your new code for order MD-1 is 123456, or tap ${confirm.link}`,
    );
    expect(smsText({ template: "login-code", code: "4821" })).toBe(
      "Your Maidan code is 4821. It expires in 10 minutes.",
    );
  });

  it("each step staff take tells the shopper, with the shipment's courier and tracking number", () => {
    const order = {
      template: "order-status" as const,
      orderNo: "MD-7",
      link: "https://maidan.pk/my/orders/x",
    };
    expect(smsText({ ...order, status: "confirmed" })).toBe(
      "Maidan: your order MD-7 is confirmed. We will tell you when it ships. https://maidan.pk/my/orders/x",
    );
    expect(smsText({ ...order, status: "shipped", courier: "TCS", trackingNo: "TCS-1" })).toBe(
      "Maidan: your order MD-7 is on its way with TCS, tracking number TCS-1. https://maidan.pk/my/orders/x",
    );
    expect(
      smsText({ ...order, status: "cancelled", reason: "Out of stock at the warehouse" }),
    ).toBe(
      "Maidan: your order MD-7 was cancelled: Out of stock at the warehouse. https://maidan.pk/my/orders/x",
    );
  });
});
