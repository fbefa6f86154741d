// Types for sw-strategy.js, which ships to the browser as plain JavaScript.
export declare const CACHES: { pages: string; assets: string; images: string };
export declare const LIMITS: Record<string, number>;
export declare const OFFLINE_PAGE: string;
export declare function strategyFor(
  request: { method: string; mode: string; url: string },
  origin: string,
): { kind: "page" | "data" | "asset" | "image" | "private"; cache: string } | null;
export declare function storable(response: {
  ok: boolean;
  headers: { get(name: string): string | null };
}): boolean;
