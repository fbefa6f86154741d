/**
 * The share targets of spec §9 as data: one URL template per network. `{url}`, `{title}`,
 * `{description}` and `{media}` are replaced by URL-encoded values. Kept as a table rather
 * than a library: the libraries we looked at cover 20 or so of these, and weigh more than this.
 */
export type ShareNetwork = {
  id: string;
  label: string;
  template: string;
  /** Opened in place (mail, SMS, app links) instead of in the 626×436 popup. */
  direct?: boolean;
};

export const SHARE_NETWORKS: ShareNetwork[] = [
  {
    id: "facebook",
    label: "Facebook",
    template: "https://www.facebook.com/sharer/sharer.php?u={url}&quote={title}",
  },
  {
    id: "twitter",
    label: "X (Twitter)",
    template: "https://twitter.com/intent/tweet?text={title}&url={url}",
  },
  {
    id: "whatsapp",
    label: "WhatsApp",
    template: "https://api.whatsapp.com/send?text={title}%20{url}",
  },
  { id: "telegram", label: "Telegram", template: "https://t.me/share/url?url={url}&text={title}" },
  {
    id: "linkedin",
    label: "LinkedIn",
    template: "https://www.linkedin.com/sharing/share-offsite/?url={url}",
  },
  {
    id: "pinterest",
    label: "Pinterest",
    template:
      "https://pinterest.com/pin/create/button/?url={url}&media={media}&description={title}",
  },
  {
    id: "reddit",
    label: "Reddit",
    template: "https://www.reddit.com/submit?url={url}&title={title}",
  },
  {
    id: "email",
    label: "Email",
    template: "mailto:?subject={title}&body={description}%0D%0A{url}",
    direct: true,
  },
  { id: "sms", label: "SMS", template: "sms:?&body={title}%20{url}", direct: true },
  {
    id: "tumblr",
    label: "Tumblr",
    template: "https://www.tumblr.com/share/link?url={url}&name={title}&description={description}",
  },
  {
    id: "vk",
    label: "VK",
    template: "https://vk.com/share.php?url={url}&title={title}&image={media}",
  },
  {
    id: "line",
    label: "LINE",
    template: "https://social-plugins.line.me/lineit/share?url={url}&text={title}",
  },
  { id: "viber", label: "Viber", template: "viber://forward?text={title}%20{url}", direct: true },
  { id: "skype", label: "Skype", template: "https://web.skype.com/share?url={url}&text={title}" },
  { id: "pocket", label: "Pocket", template: "https://getpocket.com/save?url={url}&title={title}" },
  { id: "xing", label: "XING", template: "https://www.xing.com/spi/shares/new?url={url}" },
  {
    id: "weibo",
    label: "Weibo",
    template: "https://service.weibo.com/share/share.php?url={url}&title={title}&pic={media}",
  },
  {
    id: "odnoklassniki",
    label: "Odnoklassniki",
    template: "https://connect.ok.ru/dk?st.cmd=WidgetSharePreview&st.shareUrl={url}",
  },
  { id: "buffer", label: "Buffer", template: "https://buffer.com/add?text={title}&url={url}" },
  {
    id: "flipboard",
    label: "Flipboard",
    template: "https://share.flipboard.com/bookmarklet/popout?v=2&url={url}&title={title}",
  },
  {
    id: "hackernews",
    label: "Hacker News",
    template: "https://news.ycombinator.com/submitlink?u={url}&t={title}",
  },
  {
    id: "instapaper",
    label: "Instapaper",
    template: "https://www.instapaper.com/edit?url={url}&title={title}&description={description}",
  },
  {
    id: "evernote",
    label: "Evernote",
    template: "https://www.evernote.com/clip.action?url={url}&title={title}",
  },
  {
    id: "wordpress",
    label: "WordPress",
    template: "https://wordpress.com/press-this.php?u={url}&t={title}&s={description}&i={media}",
  },
  {
    id: "messenger",
    label: "Messenger",
    template: "fb-messenger://share/?link={url}",
    direct: true,
  },
  { id: "baidu", label: "Baidu", template: "https://cang.baidu.com/do/add?iu={url}&it={title}" },
  {
    id: "renren",
    label: "Renren",
    template:
      "https://widget.renren.com/dialog/share?resourceUrl={url}&srcUrl={url}&title={title}&description={description}",
  },
  { id: "quora", label: "Quora", template: "https://www.quora.com/share?url={url}&title={title}" },
  {
    id: "yammer",
    label: "Yammer",
    template: "https://www.yammer.com/messages/new?login=true&status={title}%20{url}",
  },
];

export type ShareContent = {
  url: string;
  title: string;
  description?: string;
  media?: string;
  /** The dialog's heading; "Share this product" when not given. */
  heading?: string;
};

export function shareUrl(network: ShareNetwork, content: ShareContent): string {
  const values: Record<string, string> = {
    url: content.url,
    title: content.title,
    description: content.description ?? "",
    media: content.media ?? "",
  };
  return network.template.replace(/\{(url|title|description|media)\}/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ""),
  );
}

/** Spec §9: the popup is 626 by 436, centred on the shop's window; checked every 500 ms. */
export const SHARE_POPUP = { width: 626, height: 436, closedCheckMs: 500 } as const;

type Opener = Pick<Window, "open" | "screenX" | "screenY" | "outerWidth" | "outerHeight">;

/**
 * Opens the share popup and calls `onClose` once the shopper closes it. Returns false when the
 * browser blocked the popup (the caller then follows the link in the same tab).
 */
export function openSharePopup(href: string, onClose: () => void, win: Opener = window): boolean {
  const { width, height } = SHARE_POPUP;
  const left = Math.round(win.screenX + (win.outerWidth - width) / 2);
  const top = Math.round(win.screenY + (win.outerHeight - height) / 2);
  const popup = win.open(
    href,
    "share",
    `width=${width},height=${height},left=${left},top=${top},noopener=no,resizable=yes,scrollbars=yes`,
  );
  if (!popup) return false;
  const timer = setInterval(() => {
    if (popup.closed) {
      clearInterval(timer);
      onClose();
    }
  }, SHARE_POPUP.closedCheckMs);
  return true;
}
