/** One server-to-server request to a gateway. Bodies are already encoded by the adapter. */
export type GatewayRequest = {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: string;
};
export type GatewayResponse = { status: number; text: string };

/**
 * How adapters reach a gateway. Live gateways go over the network (fetch with a timeout); the
 * built-in sandboxes have relative URLs (`/sandbox/...`) and are reached in-process, so they
 * work without knowing the port and in tests that use `app.inject`.
 */
export type GatewayHttp = (req: GatewayRequest) => Promise<GatewayResponse>;

export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayUnavailableError";
  }
}

export function fetchHttp(timeoutMs: number): GatewayHttp {
  return async (req) => {
    try {
      const res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: res.status, text: await res.text() };
    } catch (e) {
      throw new GatewayUnavailableError(`${req.method} ${req.url}: ${(e as Error).message}`);
    }
  };
}

/**
 * The header the shop adds to its in-process calls to a sandbox made for a shopper (never to a
 * live gateway, whose URLs are absolute): the sandbox picks that shopper's fault rule by it.
 */
export const SHOPPER_HEADER = "x-sandbox-shopper";

/**
 * In-process calls made for a shopper carry who it is, so a fault test can slow or break that
 * shopper's payments alone. Live gateways (absolute URLs) never see the header.
 */
export function forShopper(http: GatewayHttp, shopperId: string | null): GatewayHttp {
  if (!shopperId) return http;
  return (req) =>
    http(
      req.url.startsWith("/")
        ? { ...req, headers: { ...req.headers, [SHOPPER_HEADER]: shopperId } }
        : req,
    );
}

/** Relative URLs in-process (the sandboxes), absolute ones over the network. */
export function routedHttp(inProcess: GatewayHttp, network: GatewayHttp): GatewayHttp {
  return (req) => (req.url.startsWith("/") ? inProcess(req) : network(req));
}

export async function readJson(res: GatewayResponse): Promise<unknown> {
  if (res.status >= 500) throw new GatewayUnavailableError(`gateway answered ${res.status}`);
  try {
    return JSON.parse(res.text);
  } catch {
    throw new GatewayUnavailableError(`gateway answered non-JSON (${res.status})`);
  }
}

export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
