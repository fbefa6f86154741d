import { buildApp } from "../app.ts";
import { bootRuntime, closeOnSignals, exitOnBootError } from "../runtime.ts";

/**
 * The API alone on the production boot path (no storefront build needed), for tests of the
 * process itself, such as stopping under load. Prints `listening <port>` once it listens.
 */
const runtime = await bootRuntime({ NODE_ENV: "production", ...process.env }).catch(
  exitOnBootError,
);
const app = await buildApp(runtime);
closeOnSignals(app, runtime);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === "object" ? address?.port : address}\n`);
