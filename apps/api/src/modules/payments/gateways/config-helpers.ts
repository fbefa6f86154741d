/** Whether `url` lives on the same origin as `base` (relative sandbox URLs count as ours). */
export function fromHostOf(url: string, base: string): boolean {
  if (base.startsWith("/")) return url.startsWith("/") && !url.startsWith("//");
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}
