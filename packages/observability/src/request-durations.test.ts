import { describe, expect, it } from "vitest";
import { observeRequest, requestDurationsText, statusClass } from "./request-durations.ts";

describe("request durations", () => {
  it("are a Prometheus histogram: cumulative buckets, +Inf, sum and count per label set", () => {
    observeRequest("GET", "/test/a/:id", 200, 0.003);
    observeRequest("GET", "/test/a/:id", 204, 0.02);
    observeRequest("GET", "/test/a/:id", 200, 12);
    observeRequest("POST", "/test/a/:id", 503, 0.2);
    const text = requestDurationsText();
    expect(text).toContain("# TYPE maidan_http_request_duration_seconds histogram");
    const labels = 'method="GET",route="/test/a/:id",status_class="2xx"';
    const bucket = (le: string) => {
      const line = text
        .split("\n")
        .find((l) =>
          l.startsWith(`maidan_http_request_duration_seconds_bucket{le="${le}",${labels}}`),
        );
      return Number(line?.split(" ").at(-1));
    };
    expect([
      bucket("0.005"),
      bucket("0.01"),
      bucket("0.025"),
      bucket("10"),
      bucket("+Inf"),
    ]).toEqual([1, 1, 2, 2, 3]);
    expect(text).toContain(`maidan_http_request_duration_seconds_sum{${labels}} 12.023`);
    expect(text).toContain(`maidan_http_request_duration_seconds_count{${labels}} 3`);
    expect(text).toContain(
      'maidan_http_request_duration_seconds_count{method="POST",route="/test/a/:id",status_class="5xx"} 1',
    );
  });

  it("escape what a label value may not hold", () => {
    observeRequest("GET", '/test/"quoted"\\', 200, 0.001);
    expect(requestDurationsText()).toContain('route="/test/\\"quoted\\"\\\\"');
  });

  it("statusClass", () => {
    expect([200, 304, 404, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "5xx"]);
  });
});
