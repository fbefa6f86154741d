import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadAfterChunkError } from "./lib/chunk-reload";

// A chunk of the previous deploy failed to preload: reload once to get the new build. When the
// guard refuses, the error is left to surface on the page's error boundary.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
