/**
 * The import rules of the shop (decision 036). `npm run lint` runs them (`npm run lint:imports`),
 * so CI's `npm test` fails on a broken one. Paths are the resolved files, relative to the
 * repository root. Declared dependencies are Biome's part (noUndeclaredDependencies in biome.json).
 */
const TEST = "(\\.test\\.tsx?$|/testing/|^e2e/|^benchmarks/|^scripts/)";
const MODULES = "^apps/api/src/modules/";
/** Sandbox code: a `sandbox…` folder or file, or a gateway's `<name>.sandbox.ts`. */
const SANDBOX = "((^|/)sandbox[^/]*(/|$)|\\.sandbox\\.tsx?$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Imports flow one way: no module reaches itself through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "repository-private-to-its-module",
      comment:
        "A domain's repository (its SQL) is used by that domain only; other domains call its service.",
      severity: "error",
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: `${MODULES}[^/]+/.+\\.repository\\.ts$`,
        pathNot: `${MODULES}$1/`,
      },
    },
    {
      name: "repository-only-from-modules",
      comment:
        "Production code outside the domains (the server, plugins, lib) never reads a repository; only tests, test helpers and benchmarks (query plans) may.",
      severity: "error",
      from: { pathNot: [MODULES, TEST] },
      to: { path: `${MODULES}.+\\.repository\\.ts$` },
    },
    {
      name: "orders-and-payments-do-not-know-each-other",
      comment:
        "Orders and payments never import each other: the checkout workflow (modules/checkout) joins them, and the server hands payments the checkout's side of a payment when it makes it (decision 039).",
      severity: "error",
      from: { path: `${MODULES}(orders|payments)/` },
      to: { path: `${MODULES}(orders|payments)/`, pathNot: `${MODULES}$1/` },
    },
    {
      name: "no-domain-imports-checkout",
      comment:
        "The checkout workflow sits above the domains: none of them imports it (the server composes it, api.ts mounts its routes).",
      severity: "error",
      from: { path: MODULES, pathNot: `${MODULES}checkout/` },
      to: { path: `${MODULES}checkout/` },
    },
    {
      name: "only-checkout-calls-several-domains",
      comment:
        "Only the checkout workflow calls other domains' services (decision 039). The two declared exceptions have rules of their own: the cart prices with promotions and vouchers, the catalogue reads stock from inventory.",
      severity: "error",
      from: { path: `${MODULES}(?!checkout/)([^/]+)/`, pathNot: `${MODULES}(cart|catalog)/` },
      to: { path: `${MODULES}[^/]+/[^/]+\\.service\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: "cart-prices-with-promotions-and-vouchers-only",
      comment:
        "The cart calls no domain service but the promotions' and the vouchers' (its pricing).",
      severity: "error",
      from: { path: `${MODULES}cart/` },
      to: { path: `${MODULES}(?!cart/|promotions/|vouchers/)[^/]+/[^/]+\\.service\\.ts$` },
    },
    {
      name: "catalog-reads-stock-from-inventory-only",
      comment: "The catalogue calls no domain service but inventory's (what is in stock).",
      severity: "error",
      from: { path: `${MODULES}catalog/` },
      to: { path: `${MODULES}(?!catalog/|inventory/)[^/]+/[^/]+\\.service\\.ts$` },
    },
    {
      name: "no-routes-of-another-domain",
      comment: "A domain never imports another domain's routes (or their schemas).",
      severity: "error",
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/.+\\.routes\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: "storefront-sees-contracts-only",
      comment:
        "The storefront never imports an app (apps/api, apps/server) nor a package other than @maidan/contracts.",
      severity: "error",
      from: { path: "^apps/storefront/" },
      to: { path: "^(apps/(?!storefront/)|packages/(?!contracts/))" },
    },
    {
      name: "sandbox-stays-in-its-folder",
      comment:
        "Sandbox gateways and providers are test doubles: only sandbox code and tests import them. The ways in: a sandbox's routes file, which the payments plugin mounts when sandboxes are allowed, and a gateway's definition mounting its own sandbox (next rule).",
      severity: "error",
      from: { pathNot: [SANDBOX, TEST, "/gateways/[^/]+/[^/]+\\.gateway\\.ts$"] },
      to: { path: SANDBOX, pathNot: "\\.routes\\.ts$" },
    },
    {
      name: "gateway-mounts-its-own-sandbox-only",
      comment:
        "A gateway's definition (gateways/<name>/<name>.gateway.ts) may import the sandbox in its own folder, no other.",
      severity: "error",
      from: { path: "^(.+/gateways/[^/]+/)[^/]+\\.gateway\\.ts$" },
      to: { path: SANDBOX, pathNot: "^$1[^/]+\\.sandbox\\.tsx?$" },
    },
    {
      name: "api-never-imports-the-server",
      comment:
        "apps/server composes apps/api; the API's production code never imports the server (its tests build the composed app).",
      severity: "error",
      from: { path: "^apps/api/", pathNot: TEST },
      to: { path: "^apps/server/" },
    },
    {
      name: "packages-never-import-apps",
      comment: "Packages sit below the apps: contracts, config and db import no app.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "contracts-depend-on-no-workspace",
      comment: "contracts is the bottom layer: db and config import it, never the reverse.",
      severity: "error",
      from: { path: "^packages/contracts/" },
      to: { path: "^packages/(?!contracts/)" },
    },
    {
      name: "production-never-imports-tests",
      comment: "Test files and test helpers stay out of production code.",
      severity: "error",
      from: { pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: "workspaces-by-package-name",
      comment:
        "A workspace reaches another only through its package name (declared in its package.json), never by a relative path.",
      severity: "error",
      from: { path: "^(apps/[^/]+|packages/[^/]+|e2e|benchmarks|scripts)/" },
      to: { dependencyTypes: ["local"], dependencyTypesNot: ["aliased"], pathNot: "^$1/" },
    },
    {
      name: "resolvable",
      comment: "Every relative import names a file that exists.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["/\\+types/", "^virtual:"] },
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|dist|data)/" },
    includeOnly: "^(apps|packages|e2e|benchmarks|scripts)/",
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
