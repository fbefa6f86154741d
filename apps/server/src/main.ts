/**
 * Production entry: `npm start` (after `npm run build`). The resolve hook is registered before
 * anything else is loaded (a static import would load the whole graph first); see
 * lib/fast-resolve.ts.
 */
import "./lib/fast-resolve.ts";

await import("./serve.ts");
