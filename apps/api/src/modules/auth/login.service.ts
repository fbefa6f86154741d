import {
  LONG_SESSION_SECONDS,
  type LocalLoginBody,
  normalizePakPhone,
  signupBody,
} from "@maidan/contracts/auth";
import type { Db } from "@maidan/db/database";
import { AppError, conflict } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";
import * as repo from "./auth.repository.ts";
import type { Mailer } from "./messaging.ts";
import { INVALID_LOGIN, type OtpService } from "./otp.service.ts";
import { parseInput } from "./parse.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { isOver, limit, resetLimit, tooMany } from "./rate-limit.ts";
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
const MAX_FAILS_PER_ACCOUNT = 10;
const MAX_FAILS_PER_IP = 50;
export const VERIFY_TOKEN_SECONDS = 3 * 86_400;
export const LOGIN_TOKEN_SECONDS = 600;

export type AuthDeps = {
  db: Db;
  kv: Kv;
  sessions: Sessions;
  otp: OtpService;
  mailer: Mailer;
  /** The shop's configured public origin, for links in e-mails (never a request's Host). */
  publicUrl: string;
};

/** Password, phone/OTP and token logins, sign-up and e-mail verification. */
export function createLoginService(deps: AuthDeps) {
  const { db, kv, sessions, otp } = deps;
  const invalid = () => new AppError(401, INVALID_LOGIN, "INVALID_LOGIN");

  async function findForLogin(body: LocalLoginBody) {
    const id = (body.email ?? body.identifier ?? body.phone ?? "").trim();
    if (!id) return { key: "", user: null };
    const phone = normalizePakPhone(id);
    if (phone) return { key: phone, user: await repo.findUserByPhone(db, phone) };
    return { key: id.toLowerCase(), user: await repo.findUserByEmail(db, id) };
  }

  async function passwordLogin(body: LocalLoginBody, ip: string) {
    const { key, user } = await findForLogin(body);
    const acctKey = `login:acct:${key}`;
    const ipKey = `login:ip:${ip}`;
    if (
      (await isOver(kv, acctKey, MAX_FAILS_PER_ACCOUNT)) ||
      (await isOver(kv, ipKey, MAX_FAILS_PER_IP))
    ) {
      throw tooMany(authMessages.tooManyLogins);
    }
    // The hash check runs even for unknown accounts, so timing does not reveal which exist.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), body.password);
    if (!user?.passwordHash || !ok) {
      await limit(kv, acctKey, Number.MAX_SAFE_INTEGER, LOGIN_WINDOW, "");
      await limit(kv, ipKey, Number.MAX_SAFE_INTEGER, LOGIN_WINDOW, "");
      throw invalid();
    }
    await resetLimit(kv, acctKey);
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
      const created = await repo.insertUser(tx, {
        email: body.email,
        phone: body.phone ?? null,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        campaign: body.campaign ?? null,
      });
      if (!created) throw conflict(authMessages.duplicate);
      await repo.insertAuthToken(tx, {
        userId: created.id,
        kind: "verify",
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + VERIFY_TOKEN_SECONDS * 1000),
      });
      return created;
    });
    const link = `${deps.publicUrl}/account/verify/${token}`;
    await deps.mailer
      .send({
        to: body.email,
        subject: "Confirm your Maidan account",
        text: `Welcome to Maidan, ${body.firstName}!\n\nConfirm your e-mail address by opening this link:\n${link}\n\nThe link works for 3 days.`,
      })
      .catch((e) =>
        console.warn(`mail: verification for ${user.id} not sent (${(e as Error).message})`),
      );
    return sessions.issue(user, body.tokenExpiry);
  }

  /** OTP login: signs in the phone's account, creating it on first login (spec: phone sign-up). */
  async function phoneLogin(body: PhoneLoginInput) {
    await otp.verify(body.phone, body.otp);
    let user = await repo.findUserByPhone(db, body.phone);
    if (!user) {
      user =
        (await repo.insertUser(db, {
          phone: body.phone,
          verified: true,
          campaign: body.campaign ?? null,
        })) ?? (await repo.findUserByPhone(db, body.phone));
    } else if (!user.verified) {
      user = await repo.updateUser(db, user.id, { verified: true });
    }
    if (!user) throw invalid();
    return sessions.issue(user, body.tokenExpiry);
  }

  async function verifyEmail(token: string) {
    const row = await repo.consumeAuthToken(db, "verify", hashLinkToken(token));
    if (!row) throw new AppError(400, authMessages.tokenInvalid, "TOKEN_INVALID");
    const user = await repo.updateUser(db, row.userId, { verified: true });
    if (!user) throw new AppError(400, authMessages.tokenInvalid, "TOKEN_INVALID");
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
    if (!user) throw new AppError(401, authMessages.tokenInvalid, "TOKEN_INVALID");
    return sessions.issue(user, LONG_SESSION_SECONDS);
  }

  return { passwordLogin, signup, phoneLogin, verifyEmail, issueLoginToken, tokenLogin };
}

export type PhoneLoginInput = {
  phone: string;
  otp: string;
  tokenExpiry?: number;
  campaign?: string;
};

// A real argon2id hash of a random string: checking against it costs what a real check costs.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(newLinkToken());
  return dummyHash;
};
