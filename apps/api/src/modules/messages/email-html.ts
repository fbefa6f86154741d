/** One paragraph: plain text, or a text with a link shown as a button in the HTML part. */
export type Paragraph = string | { text: string; link: string; button: string };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML part of every e-mail: one centred column of table markup with inline styles, which
 * is what mail clients (Outlook's Word engine, Gmail's style stripping) render alike. Text is
 * escaped; links are https buttons from config.publicUrl (decision 034 on why not a framework).
 */
export function emailHtml(subject: string, paragraphs: Paragraph[]): string {
  const body = paragraphs
    .map((p) =>
      typeof p === "string"
        ? `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#1f2937">${esc(p)}</p>`
        : `<p style="margin:0 0 8px;font-size:15px;line-height:22px;color:#1f2937">${esc(p.text)}</p>` +
          `<p style="margin:0 0 16px"><a href="${esc(p.link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${esc(p.button)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:12px;color:#6b7280;word-break:break-all">${esc(p.link)}</p>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(subject)}</title></head><body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:700;color:#0f766e">Maidan</td></tr><tr><td style="padding:24px">${body}</td></tr></table></td></tr></table></body></html>`;
}
