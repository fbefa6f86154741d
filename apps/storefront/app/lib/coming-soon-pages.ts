/**
 * Screens of spec §2 whose features ship later. Each route id in routes.ts that points at
 * routes/coming-soon.tsx has an entry here, so the page says honestly what is coming.
 */

export type ComingSoonPage = { title: string; heading: string; text: string };

function page(title: string, heading: string, text: string): ComingSoonPage {
  return { title, heading, text };
}

const devPage = page(
  "Test page",
  "Nothing here yet",
  "This address is kept for the shop's own tests.",
);

export const comingSoonPages: Readonly<Record<string, ComingSoonPage>> = {
  template: devPage,
  test: devPage,
};

const unknownPage = page("Coming soon", "Coming soon", "This part of Maidan is not open yet.");

export function comingSoonPage(routeId: string | undefined): ComingSoonPage {
  return (routeId && comingSoonPages[routeId]) || unknownPage;
}
