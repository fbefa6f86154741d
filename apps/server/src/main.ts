/**
 * Production entry: `npm start` (after `npm run build`). The resolve hook is registered before
 * anything else is loaded (a static import would load the whole graph first); see
 * lib/fast-resolve.ts.
 */
import "./lib/fast-resolve.ts";

// Libraries read it from the process, React above all (its development build renders at about
// two thirds of the speed): the production server runs production builds unless told otherwise.
process.env.NODE_ENV ??= "production";
await import("./serve.ts");
