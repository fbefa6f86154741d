import { createHmac } from "node:crypto";
import { sameHash } from "./secrets.ts";

export type OAuthProfile = {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
};

/** An OAuth 2 login provider: where to send the browser, and how to turn its answer into a person. */
export type OAuthProvider = {
  name: string;
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<string>;
  profile(accessToken: string): Promise<OAuthProfile | null>;
};

/** The people a tester can be at the local sandbox (/sandbox/facebook). */
export const SANDBOX_IDENTITIES: OAuthProfile[] = [
  { id: "fb-1001", email: "bilal.sandbox@example.com", firstName: "Bilal", lastName: "Ahmed" },
  { id: "fb-1002", email: "sana.sandbox@example.com", firstName: "Sana", lastName: "Malik" },
  { id: "fb-1003", email: null, firstName: "Usman", lastName: "Tariq" },
];

/**
 * Stands in for Facebook with the same three steps (authorize page → code → access token →
 * profile). Codes and tokens are HMAC-signed with the server secret, so they cannot be forged.
 */
export function sandboxProvider(secret: string): OAuthProvider {
  const sign = (kind: string, body: string) =>
    `${kind}.${body}.${createHmac("sha256", secret).update(`${kind}.${body}`).digest("hex")}`;
  const open = (kind: string, value: string) => {
    const [k, body, mac] = value.split(".");
    if (k !== kind || !body || !mac) return null;
    const expected = createHmac("sha256", secret).update(`${kind}.${body}`).digest("hex");
    if (!sameHash(expected, mac)) return null;
    try {
      const data = JSON.parse(Buffer.from(body, "base64url").toString()) as {
        id: string;
        exp: number;
      };
      return data.exp > Date.now() ? data : null;
    } catch {
      return null;
    }
  };
  const pack = (data: object) => Buffer.from(JSON.stringify(data)).toString("base64url");

  return {
    name: "facebook",
    authorizeUrl: (state, redirectUri) =>
      `/sandbox/facebook?${new URLSearchParams({ state, redirect_uri: redirectUri })}`,
    async exchangeCode(code) {
      const data = open("code", code);
      if (!data) throw new Error("sandbox: bad or expired code");
      return sign("token", pack({ id: data.id, exp: Date.now() + 3600_000 }));
    },
    async profile(accessToken) {
      const data = open("token", accessToken);
      return (data && SANDBOX_IDENTITIES.find((p) => p.id === data.id)) ?? null;
    },
    /** Used by the sandbox page when the tester picks an identity. */
    codeFor: (id: string) => sign("code", pack({ id, exp: Date.now() + 300_000 })),
  } as OAuthProvider & { codeFor(id: string): string };
}

/** The real Facebook Login (Graph API), when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set. */
export function facebookProvider(appId: string, appSecret: string, doFetch = fetch): OAuthProvider {
  const graph = "https://graph.facebook.com/v19.0";
  return {
    name: "facebook",
    authorizeUrl: (state, redirectUri) =>
      `https://www.facebook.com/v19.0/dialog/oauth?${new URLSearchParams({ client_id: appId, redirect_uri: redirectUri, state, scope: "email" })}`,
    async exchangeCode(code, redirectUri) {
      const q = new URLSearchParams({
        client_id: appId,
        client_secret: appSecret,
        redirect_uri: redirectUri,
        code,
      });
      const res = await doFetch(`${graph}/oauth/access_token?${q}`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`facebook: code exchange answered ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async profile(accessToken) {
      const q = new URLSearchParams({
        fields: "id,email,first_name,last_name",
        access_token: accessToken,
      });
      const res = await doFetch(`${graph}/me?${q}`, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) return null;
      const p = (await res.json()) as {
        id: string;
        email?: string;
        first_name?: string;
        last_name?: string;
      };
      return {
        id: p.id,
        email: p.email ?? null,
        firstName: p.first_name ?? "",
        lastName: p.last_name ?? "",
      };
    },
  };
}
