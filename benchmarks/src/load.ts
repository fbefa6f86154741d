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
};

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
  },
): Promise<LoadResult> {
  const times: number[] = [];
  let i = 0;
  const paths = opts.paths;
  const instance = autocannon({
    url: base + path,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
    requests: paths?.length
      ? [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] ?? path }) }]
      : undefined,
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) =>
    times.push(ms),
  );
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0);
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
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
