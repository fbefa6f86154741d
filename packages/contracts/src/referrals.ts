/** The referral programme (issue #17, decision 055): codes, friends, earnings, its settings. */
import { z } from "zod";
import type { Staff } from "./admin-orders.ts";

/** A referral code: 8 letters and digits without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE = /^[A-HJKMNP-Z2-9]{8}$/;
export const REFERRAL_COOKIE = "maidan_ref";
/** How long an invite is remembered in the browser before sign-up (30 days). */
export const REFERRAL_COOKIE_SECONDS = 30 * 24 * 3600;

export const referralCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(REFERRAL_CODE, "This invite code is not valid"));

const rupeesField = (name: string) =>
  z
    .number({ error: `The ${name} must be a whole number of rupees` })
    .int(`The ${name} must be a whole number of rupees`)
    .min(0, `The ${name} cannot be below 0`)
    .max(100_000, `The ${name} can be at most Rs. 100,000`);

/** The programme's amounts (settings, admins change them). */
export const referralSettings = z.object({
  bonus: rupeesField("referrer's bonus"),
  welcome: rupeesField("friend's welcome credit"),
  minOrder: rupeesField("minimum order"),
  monthlyCap: z
    .number({ error: "The monthly cap must be a whole number" })
    .int("The monthly cap must be a whole number")
    .min(0, "The monthly cap cannot be below 0")
    .max(1000, "The monthly cap can be at most 1000"),
});
export type ReferralSettings = z.infer<typeof referralSettings>;

/**
 * Where a referral stands (the referrals.status column): joined; rewarded (the first order was
 * delivered and credited); capped (delivered past the referrer's monthly cap: nothing credited);
 * refused (the friend's proven phone is the referrer's or another friend's); reversed (the
 * rewarded order was refunded and the credits taken back).
 */
export const REFERRAL_STATUSES = ["joined", "rewarded", "capped", "refused", "reversed"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
/** What the referrer sees: a joined friend who placed an order is "ordered". */
export const FRIEND_STATES = [...REFERRAL_STATUSES, "ordered"] as const;
export type FriendState = (typeof FRIEND_STATES)[number];

export const referralFriend = z.object({
  /** First name and the initial of the last: enough to recognise, not a full profile. */
  name: z.string(),
  joinedAt: z.string(),
  state: z.enum(FRIEND_STATES),
  /** What the referrer earned from this friend (0 until rewarded; 0 again when reversed). */
  bonus: z.number().int(),
});
export type ReferralFriend = z.infer<typeof referralFriend>;

export const myReferral = z.object({
  code: z.string(),
  /** `${PUBLIC_URL}/invite/{code}`: absolute, from configuration. */
  link: z.string(),
  settings: referralSettings,
  friends: z.array(referralFriend),
});
export type MyReferral = z.infer<typeof myReferral>;

/**
 * `myReferral` of GET wallet/user/{userId} (spec §3 "Wallet: myWallet and myReferral"): the
 * shopper's code and invite link, how many friends joined and were rewarded, and what they
 * earned (decision 058). The friends themselves are on GET /api/referral/my.
 */
export const walletReferral = z.object({
  code: z.string(),
  link: z.string(),
  /** Friends who joined with the code, whatever came of it. */
  friends: z.number().int(),
  /** Friends whose first delivered order earned the bonus (and was not refunded). */
  rewarded: z.number().int(),
  /** The bonuses those friends earned, in rupees. */
  earned: z.number().int(),
});
export type WalletReferral = z.infer<typeof walletReferral>;

/** Who invites (for the friend's landing page); null for an unknown code. */
export const invite = z.object({
  code: z.string(),
  inviter: z.string(),
  settings: referralSettings,
});
export type Invite = z.infer<typeof invite>;

export const earning = z.object({
  /** A ledger entry's id, or the pending friend's referral id. */
  _id: z.string(),
  amount: z.number().int(),
  kind: z.enum(["referral_bonus", "referral_welcome", "referral_reversal", "pending"]),
  /** Where it comes from, in words: "Ali K.'s first order" */
  source: z.string(),
  createdAt: z.string(),
});
export type Earning = z.infer<typeof earning>;

export const myEarnings = z.object({
  /** Bonuses expected when invited friends' first orders are delivered. */
  pending: z.number().int(),
  /** Credited to the wallet, net of reversals. */
  available: z.number().int(),
  entries: z.array(earning),
});
export type MyEarnings = z.infer<typeof myEarnings>;

export const adminReferral = z.object({
  _id: z.string(),
  referrer: z.object({ _id: z.string(), name: z.string() }),
  friend: z.object({ _id: z.string(), name: z.string() }),
  phone: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  orderId: z.string().nullable(),
  bonus: z.number().int(),
  welcome: z.number().int(),
  createdAt: z.string(),
});
export type AdminReferral = z.infer<typeof adminReferral>;

/** The back-office's side: managers list, admins change the amounts (audited). */
export type AdminReferralsService = {
  list(staff: Staff, page: number): Promise<AdminReferral[]>;
  settings(staff: Staff): Promise<ReferralSettings>;
  setSettings(staff: Staff, input: unknown): Promise<ReferralSettings>;
};

export type ReferralService = {
  /** The programme's current amounts (for /earn). */
  settings(): Promise<ReferralSettings>;
  /** The invite behind a code; null when there is no such code. */
  invite(code: string): Promise<Invite | null>;
  mine(userId: string): Promise<MyReferral>;
  /** The wallet's `myReferral`: code, link and counts. */
  summary(userId: string): Promise<WalletReferral>;
  earnings(userId: string): Promise<MyEarnings>;
};
