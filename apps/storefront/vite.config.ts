import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The React Router plugin builds a whole app; unit tests only need plain TSX transforms.
  plugins: process.env.VITEST ? [] : [reactRouter()],
});
