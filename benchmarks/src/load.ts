import autocannon from "autocannon";

export type LoadResult = {
  name: string;
  path: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** 2xx answers per second over the whole run (orders/s for order placement). */
  okPerSecond: number;
  /** The server process's CPU time per request during the run, where the caller measured it. */
  cpuMsPerRequest?: number;
};

/** What a request may become just before it is sent (method, headers, body, path). */
export type RequestShape = {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};

/** The value at fraction `p` (0–1) of ascending `sorted` samples; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** Runs autocannon against one path and reports exact percentiles from every response time. */
export async function load(
  base: string,
  name: string,
  path: string,
  opts: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    /** When given, requests cycle through these paths instead of repeating `path`. */
    paths?: string[];
    /** When given, shapes every request (e.g. a distinct guest cookie and body per request). */
    setupRequest?: (req: RequestShape) => RequestShape;
    /** Stop after this many requests instead of after `seconds`. */
    amount?: number;
  },
): Promise<LoadResult> {
  const times: number[] = [];
  let i = 0;
  const paths = opts.paths;
  const instance = autocannon({
    url: base + path,
    connections: opts.connections,
    // autocannon's defaults are spread under these options: an undefined duration would win.
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
    headers: opts.headers,
    requests: opts.setupRequest
      ? [{ setupRequest: opts.setupRequest }]
      : paths?.length
        ? [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] ?? path }) }]
        : undefined,
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) =>
    times.push(ms),
  );
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p: number) => round(times.length ? percentile(times, p / 100) : 0);
  return {
    name,
    path,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    okPerSecond:
      Math.round(
        ((result.requests.total - result.non2xx - result.errors) / (result.duration || 1)) * 10,
      ) / 10,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
