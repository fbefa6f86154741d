import type { SeedProgress, SeedStep } from "@maidan/db/seed/index";
import { SingleBar } from "cli-progress";

type Out = Pick<NodeJS.WriteStream, "write" | "isTTY">;

/**
 * How a seed shows its progress on `out`: on a terminal, a bar per step (images, products) with
 * the count and the time left; anywhere else (CI, a log file, a pipe) a plain line for every
 * 10,000 products and at the end, as bars would fill a log with control characters.
 */
export function seedProgress(out: Out = process.stdout): SeedProgress {
  return out.isTTY ? bars(out as NodeJS.WriteStream) : lines(out);
}

function lines(out: Out): SeedProgress {
  return (step, done, total) => {
    if (step === "products" && (done % 10_000 === 0 || done === total))
      out.write(`seed: ${done}/${total} products\n`);
  };
}

function bars(out: NodeJS.WriteStream): SeedProgress {
  let current: { step: SeedStep; bar: SingleBar } | null = null;
  return (step, done, total) => {
    if (current?.step !== step) {
      current?.bar.stop();
      const bar = new SingleBar({
        stream: out,
        format: `seed: ${step.padEnd(8)} [{bar}] {value}/{total} | {eta_formatted} left`,
        hideCursor: true,
      });
      bar.start(total, 0);
      current = { step, bar };
    }
    current.bar.update(done);
    if (done >= total) {
      current.bar.stop();
      current = null;
    }
  };
}
