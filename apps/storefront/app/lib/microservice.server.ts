import { SESSION_COOKIE } from "@maidan/contracts/auth";

/**
 * The spec's second HTTP client (§6, §7): calls go to the microservice base address of the
 * settings, carry the shopper's token from the `Authorization` cookie as `Authorization: Bearer`,
 * and give back only the response body. It runs on the server, so the HttpOnly cookie never has
 * to be readable by script. No page calls it yet: the spec names no call on the microservice
 * (decision 018).
 */
export type MicroserviceClient = {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body: unknown): Promise<T>;
};

export class MicroserviceError extends Error {
  override name = "MicroserviceError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

const TIMEOUT_MS = 10_000;

/** The session token of a page request, as the API reads it (the literal "null" is none). */
export function tokenOfRequest(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i < 0 || part.slice(0, i).trim() !== SESSION_COOKIE) continue;
    let raw = part.slice(i + 1).trim();
    try {
      raw = decodeURIComponent(raw);
    } catch {}
    return raw && raw !== "null" && raw !== "undefined" ? raw : null;
  }
  return null;
}

/**
 * Where a shopper's token may be sent: an https base, or plain http on this machine (development
 * and tests). Anything else would hand sessions to whoever listens on the way.
 */
export function usableBase(base: string | null): URL | null {
  if (!base || !URL.canParse(base)) return null;
  const url = new URL(base);
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) return null;
  return url;
}

export function microserviceClient(
  base: string | null,
  token: string | null,
  doFetch: typeof fetch = fetch,
): MicroserviceClient {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const root = usableBase(base);
    if (!root) throw new MicroserviceError("The microservice address is not set", 503);
    // Paths are relative to the base: "/x" and "x" both land under it, never on another host.
    const url = new URL(path.replace(/^\/+/, ""), root.href.endsWith("/") ? root : `${root}/`);
    const headers: Record<string, string> = { accept: "application/json, text/plain" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await doFetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    const data =
      res.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : text;
    if (!res.ok) {
      const message = (data as { message?: unknown })?.message;
      throw new MicroserviceError(
        typeof message === "string" ? message : `microservice answered ${res.status}`,
        res.status,
      );
    }
    return data as T;
  }
  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
  };
}
