// autocannon ships no types; this covers what the harness uses.
declare module "autocannon" {
  type Req = { path: string; method?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Each request may rewrite itself (e.g. rotate its path). */
    requests?: { setupRequest?: (req: Req) => Req }[];
  };
  type Result = {
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Seconds the run took. */
    duration: number;
  };
  type Instance = Promise<Result> & { on(event: "response", cb: (...args: never[]) => void): void };
  export default function autocannon(opts: Options): Instance;
}
