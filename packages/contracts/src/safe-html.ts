import sanitizeHtml from "sanitize-html";

/**
 * CMS and help-center bodies are HTML written by staff. The API stores them through this and the
 * storefront renders them through it again (server-side only: sanitize-html is not for browsers).
 * They are rendered as HTML, but only simple formatting survives: no scripts, styles, event
 * handlers, frames or forms, and links keep only http(s), mailto and tel addresses (external ones
 * open safely in a new tab).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
    "figure",
    "figcaption",
    "span",
    "small",
    "sub",
    "sup",
    "code",
    "pre",
    "dl",
    "dt",
    "dd",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // A page has one h1, its title; a body's own h1 becomes h2.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

export const safeHtml = (html: string) => sanitizeHtml(html, OPTIONS);
