/**
 * Theme from settings (spec §1): the primary colour and a font family that depends on the main
 * theme. Only system font stacks: no web fonts to download, nothing from a CDN.
 */

export const defaultPrimaryColor = "#f46b22";
export const defaultMainTheme = 3;

/** Theme 2's family. */
export const roundedFontStack =
  '"Trebuchet MS", "Segoe UI", "Gill Sans", "Helvetica Neue", Arial, sans-serif';
/** Every other theme's family. */
export const systemFontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export function fontStackFor(mainTheme: number | null | undefined): string {
  return mainTheme === 2 ? roundedFontStack : systemFontStack;
}

/** `#f46b22` from `f46b22`, `#F46B22` or `#f62`; the default for anything else. */
export function normalizeColor(value: string | null | undefined): string {
  const hex = value?.trim().replace(/^#/, "") ?? "";
  return /^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? `#${hex.toLowerCase()}` : defaultPrimaryColor;
}

type ThemeSettings = { primaryColor?: string | null; mainTheme?: number | null };

/** The `:root` rule that carries the theme; values are validated, so it is safe to inline. */
export function themeCss(settings: ThemeSettings | null | undefined): string {
  const primary = normalizeColor(settings?.primaryColor);
  const font = fontStackFor(settings?.mainTheme ?? defaultMainTheme);
  return `:root{--color-primary:${primary};--font-body:${font};}`;
}
