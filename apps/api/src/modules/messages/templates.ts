import { rupees } from "@maidan/contracts/money";
import { emailHtml, type Paragraph } from "./email-html.ts";

/** What a COD order's messages say about the order (no secrets but the confirmation, if any). */
export type OrderFacts = {
  numbers: string;
  total: number;
  cod: boolean;
  /** The COD confirmation code and one-tap link, when confirmation is on. */
  confirm: { code: string; link: string } | null;
};

/** Every SMS the shop sends, by template, with what it needs. */
export type SmsTemplate =
  | { template: "login-code"; code: string }
  | ({ template: "order-placed" } & OrderFacts)
  | { template: "cod-new-code"; numbers: string; code: string; link: string }
  | OrderStatusSms
  | OrderRefundedSms
  | CallBackRequestedSms
  | VendorApplicationDecided
  | LuckyDrawWonSms;

/** A lucky draw's winner told of the prize credited to their wallet (decision 056). */
export type LuckyDrawWonSms = {
  template: "lucky-draw-won";
  title: string;
  amount: number;
  link: string;
};

/** The requester told their call-back request is in (decision 053). */
export type CallBackRequestedSms = {
  template: "call-back-requested";
  preferredTime: "morning" | "afternoon" | "evening" | "any";
};

/** A vendor applicant told staff's decision, by SMS and e-mail (decision 053). */
export type VendorApplicationDecided = {
  template: "vendor-application-decided";
  businessName: string;
  /** Where to go next: the back-office's sign-in when approved, the form again when not. */
  link: string;
} & ({ approved: true } | { approved: false; reason: string });

const CALL_TIMES = {
  morning: "in the morning (10 am to 1 pm)",
  afternoon: "in the afternoon (1 pm to 5 pm)",
  evening: "in the evening (5 pm to 9 pm)",
  any: "soon",
} as const;

/** The shopper told staff refunded (part of) their order (decision 046). */
export type OrderRefundedSms = {
  template: "order-refunded";
  orderNo: string;
  amount: number;
  to: "wallet" | "original";
  link: string;
};

/** The shopper told of each step staff move their order on (decision 044). */
export type OrderStatusSms = { template: "order-status"; orderNo: string; link: string } & (
  | { status: "confirmed" | "packed" | "delivered" }
  | { status: "shipped"; courier: string; trackingNo: string }
  | { status: "cancelled"; reason: string }
  | { status: "return_requested"; reason: string }
  | { status: "returned" }
);

/** Every e-mail the shop sends, by template. */
export type EmailTemplate =
  | ({
      template: "order-placed";
      fullName: string;
      delivery: string;
    } & OrderFacts)
  | { template: "verify-email"; firstName: string; link: string }
  | VendorApplicationDecided
  | { template: "reset-password"; link: string };

export function smsText(m: SmsTemplate): string {
  switch (m.template) {
    case "login-code":
      return `Your Maidan code is ${m.code}. It expires in 10 minutes.`;
    case "order-placed":
      return m.confirm
        ? `Maidan: confirm your cash-on-delivery order ${m.numbers} (${rupees(m.total)}) with code ${m.confirm.code}, or tap ${m.confirm.link}`
        : m.cod
          ? `Maidan: thank you! Order ${m.numbers} (${rupees(m.total)}, cash on delivery) is placed.`
          : `Maidan: thank you! Order ${m.numbers} (${rupees(m.total)}) is paid and confirmed.`;
    case "cod-new-code":
      return `Maidan: your new code for order ${m.numbers} is ${m.code}, or tap ${m.link}`;
    case "order-status":
      return orderStatusText(m);
    case "order-refunded":
      return m.to === "wallet"
        ? `Maidan: ${rupees(m.amount)} of your order ${m.orderNo} is refunded to your Maidan wallet. ${m.link}`
        : `Maidan: ${rupees(m.amount)} of your order ${m.orderNo} is being refunded to the way you paid. ${m.link}`;
    case "call-back-requested":
      return `Maidan: we have your call-back request. Our team will call you ${CALL_TIMES[m.preferredTime]}.`;
    case "vendor-application-decided":
      return m.approved
        ? `Maidan: welcome! ${m.businessName} is approved to sell on Maidan. Sign in with this mobile number to open your store: ${m.link}`
        : `Maidan: we could not approve ${m.businessName}: ${m.reason}. You may apply again: ${m.link}`;
    case "lucky-draw-won":
      return `Maidan: you won the ${m.title}! ${rupees(m.amount)} is in your Maidan wallet. ${m.link}`;
  }
}

function orderStatusText(m: OrderStatusSms): string {
  const order = `Maidan: your order ${m.orderNo}`;
  switch (m.status) {
    case "confirmed":
      return `${order} is confirmed. We will tell you when it ships. ${m.link}`;
    case "packed":
      return `${order} is packed and will be handed to the courier soon. ${m.link}`;
    case "shipped":
      return `${order} is on its way with ${m.courier}, tracking number ${m.trackingNo}. ${m.link}`;
    case "delivered":
      return `${order} was delivered. Thank you for shopping with Maidan! ${m.link}`;
    case "cancelled":
      return `${order} was cancelled: ${m.reason}. ${m.link}`;
    case "return_requested":
      return `${order}: we have your return request (${m.reason}). Hand the parcel to the courier when they call. ${m.link}`;
    case "returned":
      return `${order}: your returned parcel has reached us. ${m.link}`;
  }
}

/** A rendered e-mail: the subject, its paragraphs (text part) and the HTML part from them. */
export type RenderedEmail = { subject: string; text: string; html: string };

function render(subject: string, paragraphs: Paragraph[]): RenderedEmail {
  const text = paragraphs
    .map((p) => (typeof p === "string" ? p : `${p.text}\n${p.link}`))
    .join("\n\n");
  return { subject, text, html: emailHtml(subject, paragraphs) };
}

export function emailContent(m: EmailTemplate): RenderedEmail {
  switch (m.template) {
    case "order-placed":
      return render(`Your Maidan order ${m.numbers}`, [
        `Dear ${m.fullName},`,
        `Thank you for your order ${m.numbers}. Total ${rupees(m.total)}, ${m.cod ? "paid in cash on delivery" : "paid online"}.`,
        m.confirm
          ? {
              text: `Please confirm it with the code ${m.confirm.code} from your SMS, or open`,
              link: m.confirm.link,
              button: "Confirm my order",
            }
          : "We will let you know when it ships.",
        `Delivery to: ${m.delivery}`,
      ]);
    case "verify-email":
      return render("Confirm your Maidan account", [
        `Welcome to Maidan, ${m.firstName}!`,
        {
          text: "Confirm your e-mail address by opening this link:",
          link: m.link,
          button: "Confirm my e-mail",
        },
        "The link works for 3 days.",
      ]);
    case "reset-password":
      return render("Reset your Maidan password", [
        "Someone asked to reset the password of your Maidan account.",
        {
          text: "Choose a new password here (the link works for one hour, once):",
          link: m.link,
          button: "Choose a new password",
        },
        "If it was not you, ignore this e-mail.",
      ]);
    case "vendor-application-decided":
      return m.approved
        ? render(`${m.businessName} is approved to sell on Maidan`, [
            `Welcome to Maidan! Your application for ${m.businessName} is approved and your store page is open.`,
            {
              text: "Sign in with your mobile number (or this account) to reach your store's orders:",
              link: m.link,
              button: "Open the back-office",
            },
          ])
        : render(`Your Maidan vendor application for ${m.businessName}`, [
            `We could not approve your application for ${m.businessName}.`,
            `The reason: ${m.reason}`,
            {
              text: "You may apply again once this is put right:",
              link: m.link,
              button: "Apply again",
            },
          ]);
  }
}
