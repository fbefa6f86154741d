// autocannon ships no types; this covers what the harness uses.
declare module "autocannon" {
  type Options = {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Each request may rewrite itself (e.g. rotate its path). */
    requests?: { setupRequest?: (req: { path: string }) => { path: string } }[];
  };
  type Result = {
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  type Instance = Promise<Result> & { on(event: "response", cb: (...args: never[]) => void): void };
  export default function autocannon(opts: Options): Instance;
}
