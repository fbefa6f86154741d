/** SVG artwork for the generated demo images: simple silhouettes, tints and sans-serif text. */
import type { Shape } from "./catalog-data.ts";

const INK = "rgba(0,0,0,0.38)";

/** Silhouettes drawn in an 800×800 box, roughly centred around (400, 380). */
const SHAPE_SVG: Record<Shape, (fill: string) => string> = {
  shirt: (f) =>
    `<path d="M250 180 L330 150 Q400 195 470 150 L550 180 L650 275 L590 345 L540 300 L540 620 L260 620 L260 300 L210 345 L150 275 Z" fill="${f}"/>` +
    `<path d="M330 150 Q400 215 470 150" fill="none" stroke="${INK}" stroke-width="6"/>`,
  pants: (f) =>
    `<path d="M280 140 L520 140 L555 640 L445 640 L400 320 L355 640 L245 640 Z" fill="${f}"/>` +
    `<path d="M280 180 L520 180" stroke="${INK}" stroke-width="6"/>`,
  jacket: (f) =>
    `<path d="M260 170 L340 140 L400 175 L460 140 L540 170 L645 430 L585 450 L540 320 L540 630 L260 630 L260 320 L215 450 L155 430 Z" fill="${f}"/>` +
    `<path d="M400 175 L400 630 M340 140 Q400 110 460 140" fill="none" stroke="${INK}" stroke-width="6"/>`,
  shoe: (f) =>
    `<path d="M150 520 Q150 430 220 420 L330 400 Q380 330 440 340 L475 360 Q520 440 640 468 Q695 485 682 560 L160 560 Q150 550 150 520 Z" fill="${f}"/>` +
    `<path d="M150 560 L682 560 L676 598 L156 598 Z" fill="${INK}"/>` +
    `<path d="M360 400 L420 440 M380 380 L440 420 M400 362 L455 400" stroke="${INK}" stroke-width="8"/>`,
  sandal: (f) =>
    `<path d="M190 560 Q170 495 260 488 L600 468 Q690 468 682 530 Q672 582 600 582 L260 592 Q196 592 190 560 Z" fill="${f}"/>` +
    `<path d="M320 495 Q400 360 480 480 M420 485 Q470 400 540 476" fill="none" stroke="${f}" stroke-width="34"/>` +
    `<path d="M190 560 Q196 592 260 592 L600 582" fill="none" stroke="${INK}" stroke-width="8"/>`,
  kameez: (f) =>
    `<path d="M300 150 L360 130 Q400 175 440 130 L500 150 L600 255 L560 305 L520 265 L565 660 L235 660 L280 265 L240 305 L200 255 Z" fill="${f}"/>` +
    `<path d="M360 130 Q400 200 440 130 M400 175 L400 300" fill="none" stroke="${INK}" stroke-width="6"/>` +
    `<path d="M250 620 L550 620" stroke="${INK}" stroke-width="10" stroke-dasharray="14 10"/>`,
  dupatta: (f) =>
    `<path d="M190 210 Q400 120 610 210 L570 630 Q400 560 230 630 Z" fill="${f}"/>` +
    `<path d="M210 260 Q400 180 590 260 M240 590 Q400 525 560 590" fill="none" stroke="${INK}" stroke-width="10" stroke-dasharray="6 12"/>`,
  bat: (f) =>
    `<g transform="rotate(-28 400 400)"><rect x="382" y="90" width="36" height="210" rx="14" fill="#333"/>` +
    `<path d="M350 300 L450 300 L458 670 Q400 705 342 670 Z" fill="${f}"/>` +
    `<path d="M400 330 L400 650" stroke="${INK}" stroke-width="6"/></g>`,
  ball: (f) =>
    `<circle cx="400" cy="380" r="210" fill="${f}"/>` +
    `<path d="M250 232 Q350 380 250 528 M550 232 Q450 380 550 528" fill="none" stroke="${INK}" stroke-width="8" stroke-dasharray="16 10"/>`,
  racket: (f) =>
    `<ellipse cx="400" cy="290" rx="135" ry="175" fill="none" stroke="${f}" stroke-width="26"/>` +
    `<path d="M330 160 L330 420 M400 120 L400 460 M470 160 L470 420 M280 230 L520 230 M270 300 L530 300 M285 370 L515 370" stroke="${INK}" stroke-width="4"/>` +
    `<rect x="384" y="462" width="32" height="220" rx="12" fill="${f}"/>`,
  dumbbell: (f) =>
    `<rect x="230" y="365" width="340" height="34" rx="10" fill="#555"/>` +
    `<rect x="150" y="270" width="90" height="225" rx="18" fill="${f}"/><rect x="560" y="270" width="90" height="225" rx="18" fill="${f}"/>` +
    `<rect x="240" y="300" width="40" height="165" rx="10" fill="${f}"/><rect x="520" y="300" width="40" height="165" rx="10" fill="${f}"/>`,
  mat: (f) =>
    `<path d="M170 520 L560 520 L560 600 L170 600 Z" fill="${f}"/>` +
    `<circle cx="560" cy="430" r="170" fill="${f}"/><circle cx="560" cy="430" r="110" fill="none" stroke="${INK}" stroke-width="8"/>` +
    `<circle cx="560" cy="430" r="50" fill="none" stroke="${INK}" stroke-width="8"/>`,
  bag: (f) =>
    `<path d="M310 300 Q310 180 400 180 Q490 180 490 300" fill="none" stroke="#444" stroke-width="22"/>` +
    `<rect x="170" y="290" width="460" height="330" rx="70" fill="${f}"/>` +
    `<path d="M210 390 L590 390" stroke="${INK}" stroke-width="8" stroke-dasharray="18 10"/>`,
  bottle: (f) =>
    `<rect x="352" y="120" width="96" height="70" rx="14" fill="#444"/>` +
    `<path d="M330 200 L470 200 Q520 240 520 300 L520 620 Q520 660 480 660 L320 660 Q280 660 280 620 L280 300 Q280 240 330 200 Z" fill="${f}"/>` +
    `<rect x="280" y="380" width="240" height="110" fill="${INK}"/>`,
  cap: (f) =>
    `<path d="M220 450 Q220 230 400 230 Q580 230 580 450 Z" fill="${f}"/>` +
    `<path d="M200 450 L700 450 Q690 520 560 510 L200 500 Z" fill="${f}" stroke="${INK}" stroke-width="6"/>` +
    `<circle cx="400" cy="226" r="16" fill="${INK}"/>`,
};

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `hex` towards white by `amount` (0..1). */
export function tint(hex: string, amount: number): string {
  const out = rgb(hex).map((c) => Math.round(c + (255 - c) * amount));
  return `#${out.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes `hex` towards black by `amount` (0..1). */
export function shade(hex: string, amount: number): string {
  const out = rgb(hex).map((c) => Math.round(c * (1 - amount)));
  return `#${out.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

export function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 175;
}

const FONT = `font-family="sans-serif" text-anchor="middle"`;

const open = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

function background(w: number, h: number, from: string, to: string): string {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`
  );
}

/** 800×800 product shot: the silhouette in the product colour on a soft matching backdrop. */
export function productSvg(shape: Shape, color: string, label: string, detail: boolean): string {
  const bg = isLight(color) ? ["#dfe4ea", "#c9d0d9"] : [tint(color, 0.88), tint(color, 0.7)];
  const art = SHAPE_SVG[shape](color);
  const body = detail
    ? `<g transform="translate(-300 -260) scale(1.75)">${art}</g>`
    : `<ellipse cx="400" cy="660" rx="260" ry="26" fill="rgba(0,0,0,0.08)"/>${art}`;
  return (
    open(800, 800) +
    background(800, 800, bg[0] ?? "#eee", bg[1] ?? "#ddd") +
    body +
    `<rect x="0" y="712" width="800" height="88" fill="rgba(255,255,255,0.72)"/>` +
    `<text x="400" y="768" ${FONT} font-size="38" font-weight="bold" fill="#333">${escapeXml(label)}</text>` +
    `<text x="760" y="60" font-family="sans-serif" text-anchor="end" font-size="26" fill="#f46b22">MAIDAN</text></svg>`
  );
}

/** 800×800 category tile: name over a large silhouette. */
export function categorySvg(name: string, shape: Shape, color: string): string {
  const light = isLight(color);
  const [from, to] = light ? [shade(color, 0.15), shade(color, 0.4)] : [tint(color, 0.45), color];
  const fontSize = Math.min(58, Math.floor(720 / (0.66 * Math.max(1, name.length))));
  return (
    open(800, 800) +
    background(800, 800, from, to) +
    `<g opacity="0.85" transform="translate(120 40) scale(0.7)">${SHAPE_SVG[shape]("#ffffff")}</g>` +
    `<rect x="0" y="600" width="800" height="200" fill="rgba(0,0,0,0.45)"/>` +
    `<text x="400" y="${700 + fontSize / 3}" ${FONT} font-size="${fontSize}" font-weight="bold" fill="#fff">${escapeXml(name)}</text></svg>`
  );
}

/** Square logo: a rounded badge with initials. */
export function logoSvg(name: string, color: string, size = 400): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
  const ink = isLight(color) ? "#222" : "#fff";
  return (
    open(size, size) +
    `<rect x="0" y="0" width="${size}" height="${size}" rx="${size / 5}" fill="${color}"/>` +
    `<text x="${size / 2}" y="${size * 0.6}" ${FONT} font-size="${size * 0.36}" font-weight="bold" fill="${ink}">${escapeXml(initials)}</text>` +
    `<text x="${size / 2}" y="${size * 0.84}" ${FONT} font-size="${size * 0.07}" fill="${ink}">${escapeXml(name.toUpperCase())}</text></svg>`
  );
}

export type BannerArt = {
  title: string;
  subtitle: string;
  cta: string;
  color: string;
  shape: Shape;
};

/** Promotional banner at any size: headline, subtitle, button and a silhouette on the right. */
export function bannerSvg(art: BannerArt, w: number, h: number): string {
  const wide = w / h > 1.6;
  const scale = wide ? (h * 0.9) / 800 : (w * 0.55) / 800;
  const artX = wide ? w - 800 * scale - w * 0.05 : w * 0.42;
  const artY = wide ? h * 0.05 : h - 800 * scale;
  const tx = wide ? w * 0.07 : w * 0.08;
  const ty = wide ? h * 0.38 : h * 0.2;
  const fs = wide ? h * 0.18 : w * 0.1;
  const ink = isLight(art.color) ? "#1d1d1d" : "#ffffff";
  const button = Math.max(fs * 2.4, art.cta.length * fs * 0.22 + fs * 0.9);
  return (
    open(w, h) +
    background(w, h, art.color, tint(art.color, 0.35)) +
    `<circle cx="${w * 0.8}" cy="${h * 0.2}" r="${Math.min(w, h) * 0.6}" fill="rgba(255,255,255,0.12)"/>` +
    `<g transform="translate(${artX} ${artY}) scale(${scale})">${SHAPE_SVG[art.shape]("#ffffff")}</g>` +
    `<text x="${tx}" y="${ty}" font-family="sans-serif" font-size="${fs}" font-weight="bold" fill="${ink}">${escapeXml(art.title)}</text>` +
    `<text x="${tx}" y="${ty + fs * 0.9}" font-family="sans-serif" font-size="${fs * 0.42}" fill="${ink}">${escapeXml(art.subtitle)}</text>` +
    `<rect x="${tx}" y="${ty + fs * 1.35}" width="${button}" height="${fs * 0.7}" rx="${fs * 0.35}" fill="#f46b22"/>` +
    `<text x="${tx + button / 2}" y="${ty + fs * 1.83}" ${FONT} font-size="${fs * 0.32}" font-weight="bold" fill="#fff">${escapeXml(art.cta)}</text></svg>`
  );
}
