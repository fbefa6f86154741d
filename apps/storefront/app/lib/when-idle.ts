/** Runs `run` once the browser is idle, and after `timeout` ms at the latest. */
export function whenIdle(run: () => void, timeout: number) {
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout });
  else setTimeout(run, timeout);
}
