/** A back-office page's head: its title under the back-office's name, never indexed. */
export const adminHead = (title: string) => [
  { title: `${title} · Maidan back-office` },
  { name: "robots", content: "noindex" },
];
