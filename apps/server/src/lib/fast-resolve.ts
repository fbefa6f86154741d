import { registerHooks } from "node:module";

/**
 * Node 24's ESM resolver reads the importing package's package.json again for every module it
 * resolves inside that package. drizzle-orm's is 179 KB with 447 exports, and its ~150 modules
 * import one another by relative path: importing it made ~150 MB of garbage, and V8 kept that
 * heap (the server idled at ~330 MB RSS instead of ~215). drizzle-orm has one package.json
 * ("type": "module") and imports its own files by relative path with the extension, so those
 * imports are resolved here directly. Everything else goes to Node as usual.
 */
const DRIZZLE = "/node_modules/drizzle-orm/";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.includes(DRIZZLE) && /^\.\.?\//.test(specifier) && specifier.endsWith(".js"))
      return { url: new URL(specifier, parent).href, format: "module", shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
