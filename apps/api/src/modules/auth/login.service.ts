import { setTimeout as sleep } from "node:timers/promises";
import {
  LONG_SESSION_SECONDS,
  type LocalLoginBody,
  normalizePakPhone,
  signupBody,
} from "@maidan/contracts/auth";
import { AppError } from "@maidan/contracts/errors";
import type { Db } from "@maidan/db/database";
import { conflict } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";
import { parseInput } from "../../lib/parse.ts";
import type { Messages } from "../messages/messages.ts";
import * as repo from "./auth.repository.ts";
import { type AccountCreated, createAccount } from "./new-account.ts";
import { INVALID_LOGIN, type OtpService } from "./otp.service.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { PhoneService } from "./phone.service.ts";
import { isOver, limit, reserve, resetLimit, tooMany } from "./rate-limit.ts";
import { hashLinkToken, newLinkToken } from "./secrets.ts";
import type { Sessions } from "./sessions.ts";

export const authMessages = {
  invalidLogin: INVALID_LOGIN,
  tooManyLogins: "Too many login attempts. Please try again in 15 minutes.",
  duplicate: "An account with this e-mail or phone number already exists.",
  tokenInvalid: "This link is invalid or has expired.",
  loggedIn: "Logged In Redirecting",
} as const;

const LOGIN_WINDOW = 900;
/** Password checks per account in a window; a success starts the count again. */
const MAX_ATTEMPTS_PER_ACCOUNT = 10;
/** Failures from one address in a window before its attempts are slowed (decision 028). */
const MAX_FAILS_PER_IP = 50;
export const SLOWED_IP_DELAY_MS = 1000;
export const VERIFY_TOKEN_SECONDS = 3 * 86_400;
export const LOGIN_TOKEN_SECONDS = 600;

export type AuthDeps = {
  db: Db;
  kv: Kv;
  sessions: Sessions;
  otp: OtpService;
  messages: Messages;
  /** The shop's configured public origin, for links in e-mails (never a request's Host). */
  publicUrl: string;
  phones: PhoneService;
  accountCreated?: AccountCreated;
};

/** Password, phone/OTP and token logins, sign-up and e-mail verification. */
export function createLoginService(deps: AuthDeps) {
  const { db, kv, sessions, otp } = deps;
  const invalid = () => new AppError("INVALID_LOGIN", INVALID_LOGIN);

  /** The account a typed e-mail or phone names, and the one counter its attempts share. */
  async function findForLogin(body: LocalLoginBody) {
    const id = (body.email ?? body.identifier ?? body.phone ?? "").trim();
    const phone = normalizePakPhone(id);
    const user = !id
      ? null
      : phone
        ? await repo.findUserByPhone(db, phone)
        : await repo.findUserByEmail(db, id);
    // Unknown names are limited too, under their own key: a 429 must not tell who has an account.
    const counter = user ? `login:acct:${user.id}` : `login:name:${phone ?? id.toLowerCase()}`;
    return { counter, user };
  }

  async function passwordLogin(body: LocalLoginBody, ip: string) {
    const { counter, user } = await findForLogin(body);
    // The place is taken before the hash is checked, so a burst cannot outrun its own count.
    if (!(await reserve(kv, counter, MAX_ATTEMPTS_PER_ACCOUNT, LOGIN_WINDOW)))
      throw tooMany(authMessages.tooManyLogins);
    const ipKey = `login:ip:${ip}`;
    // A busy address is slowed, never refused: a shopper behind it with the right password
    // still gets in (decision 028).
    if (await isOver(kv, ipKey, MAX_FAILS_PER_IP)) await sleep(SLOWED_IP_DELAY_MS);
    // The hash check runs even for unknown accounts, so timing does not reveal which exist.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), body.password);
    if (!user?.passwordHash || !ok) {
      await limit(kv, ipKey, Number.MAX_SAFE_INTEGER, LOGIN_WINDOW, "");
      throw invalid();
    }
    await resetLimit(kv, counter);
    if (body.campaign && !user.campaign)
      await repo.updateUser(db, user.id, { campaign: body.campaign });
    return sessions.issue(user, body.tokenExpiry);
  }

  async function signup(input: unknown) {
    const body = parseInput(signupBody, input);
    const passwordHash = await hashPassword(body.password);
    const token = newLinkToken();
    // One transaction: the user and their verification token exist together or not at all.
    const user = await db.transaction(async (tx) => {
      if (body.phone && (await repo.findUserByPhone(tx, body.phone)))
        throw conflict(authMessages.duplicate);
      // The number is only claimed until a code texted to it proves it (decision 027).
      const created = await createAccount(
        tx,
        {
          email: body.email,
          phonePending: body.phone ?? null,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          campaign: body.campaign ?? null,
        },
        body.referral,
        deps.accountCreated,
      );
      if (!created) throw conflict(authMessages.duplicate);
      await repo.insertAuthToken(tx, {
        userId: created.id,
        kind: "verify",
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + VERIFY_TOKEN_SECONDS * 1000),
      });
      // The verification e-mail is a job of this transaction (decision 034).
      await deps.messages.email(tx, body.email, {
        template: "verify-email",
        firstName: body.firstName,
        link: `${deps.publicUrl}/account/verify/${token}`,
      });
      return created;
    });
    return sessions.issue(user, body.tokenExpiry);
  }

  /**
   * OTP login: signs in the account that proved the phone, creating it on first login (spec:
   * phone sign-up). A number another account only claimed is not that account's (decision 027).
   */
  async function phoneLogin(body: PhoneLoginInput) {
    await otp.verify(body.phone, body.otp);
    const user = await deps.phones.accountForLogin(
      body.phone,
      body.campaign ?? null,
      body.referral,
    );
    if (!user) throw invalid();
    return sessions.issue(user, body.tokenExpiry);
  }

  async function verifyEmail(token: string) {
    const row = await repo.consumeAuthToken(db, "verify", hashLinkToken(token));
    if (!row) throw new AppError("TOKEN_INVALID", authMessages.tokenInvalid);
    const user = await repo.updateUser(db, row.userId, { verified: true });
    if (!user) throw new AppError("TOKEN_INVALID", authMessages.tokenInvalid);
    return { status: true, message: "Your e-mail address is confirmed." };
  }

  /** A one-time link that signs its holder in (the app hands the shopper to the web this way). */
  async function issueLoginToken(userId: string) {
    const token = newLinkToken();
    await repo.insertAuthToken(db, {
      userId,
      kind: "login",
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(Date.now() + LOGIN_TOKEN_SECONDS * 1000),
    });
    return token;
  }

  async function tokenLogin(token: string) {
    const row = await repo.consumeAuthToken(db, "login", hashLinkToken(token));
    const user = row && (await repo.findUserById(db, row.userId));
    if (!user) throw new AppError("LOGIN_LINK_INVALID", authMessages.tokenInvalid);
    return sessions.issue(user, LONG_SESSION_SECONDS);
  }

  return { passwordLogin, signup, phoneLogin, verifyEmail, issueLoginToken, tokenLogin };
}

export type PhoneLoginInput = {
  phone: string;
  otp: string;
  tokenExpiry?: number;
  campaign?: string;
  referral?: string;
};

// A real argon2id hash of a random string: checking against it costs what a real check costs.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(newLinkToken());
  return dummyHash;
};
