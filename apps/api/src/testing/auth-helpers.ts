import type { TestApp } from "@maidan/server/testing/test-app";

// Helpers for API tests that need signed-in users (also for other domains' tests).

/** A browser's headers on the test app's own origin (its PORT left at the default). */
export const SAME_ORIGIN = { host: "localhost", origin: "http://localhost:3000" };
/** The same for any test app: its configured origin. */
export const sameOrigin = (t: TestApp) => ({ ...SAME_ORIGIN, origin: t.config.publicUrl });

let counter = 0;
export const uniqueEmail = (tag = "user") => `${tag}-${Date.now()}-${++counter}@example.com`;
export const uniquePhone = () => `03${String(Date.now() * 10 + (++counter % 10)).slice(-9)}`;

export function post(
  t: TestApp,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: { ...sameOrigin(t), ...headers },
  });
}

export function put(
  t: TestApp,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: "PUT",
    url,
    payload: payload as object,
    headers: { ...sameOrigin(t), ...headers },
  });
}

export function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "GET", url, headers });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const cookieOf = (token: string) => ({ cookie: `Authorization=${token}` });

/** Signs up a fresh user by e-mail and returns their token and id. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const password = "correct-horse-1";
  const res = await post(t, "/api/auth/signup", {
    firstName: "Test",
    lastName: "User",
    email,
    password,
    ...overrides,
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  const body = res.json();
  return { email, password, token: body.token as string, id: body.user._id as string, res };
}

/** The newest dev-outbox message to `recipient`. */
export async function lastMessage(t: TestApp, recipient: string) {
  // Messages are jobs: wait for the queue to send what the requests so far enqueued.
  await t.app.domains.jobs.drain();
  const res = await get(t, `/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  const [m] = res.json().messages as { body: string; subject: string | null }[];
  if (!m) throw new Error(`no message to ${recipient}`);
  return m;
}

export const codeIn = (text: string) => text.match(/code is (\d+)/)?.[1] ?? "";
export const linkTokenIn = (text: string) =>
  text.match(/\/(?:verify|reset-password)\/([A-Za-z0-9_-]+)/)?.[1] ?? "";

/** What demo mode answers to a profile and a password change (spec §8). */
export const DEMO_REFUSALS = [
  { status: 403, message: "Demo mode: Unable to update profile info" },
  { status: 403, message: "Demo mode: Unable to change password" },
];

/** A profile change and a password change by shopper `a`: the two answers' bodies. */
export async function profileAndPasswordChanges(
  t: TestApp,
  a: { token: string; password: string },
) {
  const profile = await put(t, "/api/users/profile", { firstName: "Demo" }, bearer(a.token));
  const password = await post(
    t,
    "/api/auth/update/password",
    { currentPassword: a.password, password: "whatever-123" },
    bearer(a.token),
  );
  return [profile.json(), password.json()];
}
