/** A log destination that keeps every line, parsed, for a test to read. */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  return {
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    lines,
    messages: () => lines.map((l) => String(l.msg)),
  };
}
