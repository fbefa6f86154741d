import { config } from "zod";

/**
 * In the browser the content security policy allows no eval (decision 026). Zod probes for it
 * with `Function("")` when it builds its first object schema, which the browser refuses and
 * reports as a violation; zod then does without. Told up front, it does not probe. Servers
 * keep the compiled parsers. Import this before any schema is built.
 */
if (typeof document !== "undefined") config({ jitless: true });
