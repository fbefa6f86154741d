/**
 * At most `limit` page renders at once; the others wait their turn, first come first served.
 * A render holds its whole React tree and its loaders' data until its body is sent, so a
 * hundred at once multiply the heap; on a two-core machine they do not finish any sooner
 * side by side than in a short line. `enter()` resolves with the `leave` to call when the
 * render's body has gone (calling it twice is harmless). A render that holds its place longer
 * than `maxHoldMs` (a client that reads slowly, a stuck loader) gives it up anyway, so a few
 * slow connections cannot keep every other visitor waiting.
 */
export function createRenderGate(limit: number, maxHoldMs = 5_000) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`render gate: bad limit ${limit}`);
  let active = 0;
  const line: (() => void)[] = [];
  const release = () => {
    const next = line.shift();
    if (next) next();
    else active--;
  };
  return {
    async enter(): Promise<() => void> {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => line.push(resolve));
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        clearTimeout(timer);
        release();
      };
      const timer = setTimeout(leave, maxHoldMs);
      timer.unref();
      return leave;
    },
    /** Renders running now and renders waiting, for tests and the logs. */
    get load() {
      return { active, waiting: line.length };
    },
  };
}

export type RenderGate = ReturnType<typeof createRenderGate>;
