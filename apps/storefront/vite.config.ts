import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Browser chunks (decision 013, first-load JavaScript). Rolldown's automatic splitting cut React,
 * React DOM and React Router into seven chunks and the app's shell into twenty small ones; each
 * file is compressed on its own, so the product page paid ~10 KB gzipped for the cuts. Two groups
 * instead: the framework, and the shell every page shows (root, header, footer, navigation) with
 * the few small modules nearly every catalogue page imports. Views stay in their own chunks.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHELL = new RegExp(
  `app[\\\\/](${[
    "root",
    "entry\\.client",
    "components/site-header",
    "components/site-footer",
    "components/bottom-nav",
    "components/price",
    "components/media/lazy-image",
    "components/account/use-feedback",
    "components/cms/html-body",
    "lib/lazy-view",
    "lib/listing-seo",
    "lib/product-meta",
  ]
    .join("|")
    .replaceAll("/", "[\\\\/]")})\\.tsx?$`,
);

export default defineConfig(({ isSsrBuild }) => ({
  // The React Router plugin builds a whole app; unit tests only need plain TSX transforms.
  plugins: process.env.VITEST ? [] : [reactRouter()],
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                // A group takes its modules' imports along, so the shell brings root's helpers.
                { name: "shell", test: SHELL, priority: 1 },
              ],
            },
          },
        },
      },
}));
