/** One rule with its parameters: "min:3" → { name: "min", params: ["3"] }. */
export type ParsedRule = { name: string; params: string[] };

/**
 * Rules are either the spec's string syntax ("required|min:3|max:64": pipe-separated, parameters
 * after a colon, comma-separated) or an object ({ required: true, min: 3, regex: /x/ }), handy
 * when a regex needs a pipe or a comma.
 */
export type RuleInput = string | Record<string, unknown>;

// A regex keeps its text whole: commas and colons are part of the pattern, not separators.
const unsplitParams = new Set(["regex"]);

export function parseRules(input: RuleInput): ParsedRule[] {
  if (typeof input !== "string") return Object.entries(input).flatMap(objectRule);
  return input
    .split("|")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      if (colon < 0) return { name: part, params: [] };
      const name = part.slice(0, colon);
      const rest = part.slice(colon + 1);
      return { name, params: unsplitParams.has(name) ? [rest] : rest.split(",") };
    });
}

function objectRule([name, value]: [string, unknown]): ParsedRule[] {
  if (value === false || value === undefined || value === null) return [];
  if (value === true) return [{ name, params: [] }];
  if (value instanceof RegExp) return [{ name, params: [value.source, value.flags] }];
  if (Array.isArray(value)) return [{ name, params: value.map(String) }];
  if (typeof value === "object") return [{ name, params: Object.values(value).map(String) }];
  return [{ name, params: [String(value)] }];
}
