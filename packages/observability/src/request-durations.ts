/**
 * The histogram of request durations, kept by hand: it is recorded on every request, and
 * prom-client's Histogram validates and hashes its labels on each observation (about 0.65 µs,
 * a few percent of a cached answer's CPU). Here an observation is one map lookup and three
 * additions; the text is written only when Prometheus scrapes (decision 038).
 */
const NAME = "maidan_http_request_duration_seconds";
const HELP = "HTTP requests by method, route pattern and status class, until the response ended";
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx"];

type Series = { labels: string; counts: Float64Array; sum: number; count: number };
const series = new Map<string, Series>();

/** The status class label of an HTTP status: "2xx", "4xx", … */
export const statusClass = (status: number) => CLASSES[Math.floor(status / 100)] ?? "0xx";

const escapeLabel = (v: string) =>
  v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** Records one request: `route` is the route's pattern, never a URL (bounded, no tokens). */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  const cls = statusClass(status);
  const key = `${method} ${cls} ${route}`;
  let s = series.get(key);
  if (!s) {
    const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status_class="${cls}"`;
    s = { labels, counts: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 };
    series.set(key, s);
  }
  let i = 0;
  while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++;
  (s.counts[i] as number)++;
  s.sum += seconds;
  s.count++;
}

/** The histogram in the Prometheus text format (cumulative buckets, then sum and count). */
export function requestDurationsText(): string {
  const lines = [`# HELP ${NAME} ${HELP}`, `# TYPE ${NAME} histogram`];
  for (const s of series.values()) {
    let cumulative = 0;
    BUCKETS.forEach((le, i) => {
      cumulative += s.counts[i] as number;
      lines.push(`${NAME}_bucket{le="${le}",${s.labels}} ${cumulative}`);
    });
    lines.push(`${NAME}_bucket{le="+Inf",${s.labels}} ${s.count}`);
    lines.push(`${NAME}_sum{${s.labels}} ${s.sum}`);
    lines.push(`${NAME}_count{${s.labels}} ${s.count}`);
  }
  return `${lines.join("\n")}\n`;
}
