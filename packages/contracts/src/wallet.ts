/** The wallet (spec §3 Wallet `myWallet`, §7 `GET wallet/user/{userId}`). Whole rupees. */
import { z } from "zod";
import { walletReferral } from "./referrals.ts";

/** What a ledger entry is (the wallet_entries.kind column, decision 015/046/055). */
export const WALLET_ENTRY_KINDS = [
  "credit",
  "topup",
  "order_spend",
  "order_refund",
  /** Staff changed the balance by hand, with a reason (decision 046). */
  "adjustment",
  /** The referral programme (decision 055): a referrer's bonus, a friend's welcome credit. */
  "referral_bonus",
  "referral_welcome",
  /** A referral credit taken back: the order that earned it was refunded. */
  "referral_reversal",
  /** A lucky draw's prize (decision 056): reference `lucky-draw:<draw id>`. */
  "lucky_draw",
] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const walletEntry = z.object({
  _id: z.string(),
  /** Signed: a credit or refund is positive, a spend negative. */
  amount: z.number().int(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  /** What the entry is about: an order or checkout id, a top-up's payment reference, or a credit's name. */
  reference: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const myWallet = z.object({
  _id: z.string(),
  /** The sum of every ledger entry; never below 0. */
  balance: z.number().int(),
  currency: z.literal("PKR"),
  /** Newest first. */
  entries: z.array(walletEntry),
});
export type MyWallet = z.infer<typeof myWallet>;

/** GET /api/wallet/user/{userId}: the wallet, and the shopper's referral code and counts. */
export const walletResponse = z.object({ myWallet, myReferral: walletReferral });
export type WalletResponse = z.infer<typeof walletResponse>;

export type WalletService = {
  /** The user's wallet with its latest entries (created empty on first read). */
  get(userId: string): Promise<MyWallet>;
  balance(userId: string): Promise<number>;
};
