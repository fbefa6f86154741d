import { type ComponentType, lazy } from "react";
import { importWhenOnline } from "./chunk-reload";

/**
 * `React.lazy` for a page's view, so the browser downloads only the chunk that page needs. On
 * the server the import starts at once: React.lazy suspends until its import has settled, and
 * a view suspended on the first render after a start streams in after the footer (the footer
 * jumps: CLS 0.7). Starting it is React's own lazy initialiser, the one rendering would call.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own signature
export function lazyView<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  // In the browser the chunk waits for a connection (chunk-reload.ts).
  const View = lazy(import.meta.env.SSR ? load : importWhenOnline(load));
  if (import.meta.env.SSR) {
    const internals = View as unknown as { _init?: (p: unknown) => unknown; _payload?: unknown };
    try {
      internals._init?.(internals._payload);
    } catch {
      // The pending import is thrown, as during a render; it settles on its own.
    }
  }
  return View;
}
