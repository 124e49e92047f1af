/** A transactional email as content: rendered to HTML and plain text by renderEmail. */
export interface EmailContent {
  subject: string;
  preheader?: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Buttons under a heading each, e.g. one file in each of its formats. */
  linkGroups?: { title: string; links: { label: string; url: string }[] }[];
  signOff: string;
  /** Blocks already rendered (a broadcast's Markdown), shown after the paragraphs. */
  blocks?: { html: string; text: string };
  /** Marketing mail's footer: why they get it, the sender's postal address, the unsubscribe link. */
  footer?: {
    text: string;
    postalAddress: string;
    unsubscribeLabel: string;
    unsubscribeUrl: string;
  };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.blocks ? [content.blocks.text.trim(), ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.linkGroups ?? []).flatMap((group) => [
      group.title,
      ...group.links.map((link) => `${link.label}: ${link.url}`),
      "",
    ]),
    content.signOff,
    ...(content.footer
      ? [
          "",
          "--",
          content.footer.text,
          content.footer.postalAddress,
          `${content.footer.unsubscribeLabel}: ${content.footer.unsubscribeUrl}`,
        ]
      : []),
  ].join("\n");

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line">${escapeHtml(p)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1e40af;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : "";
  const groupButton = (link: { label: string; url: string }, first: boolean) =>
    `<a href="${escapeHtml(link.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:11px 19px;border:1px solid #1e40af;border-radius:6px;text-decoration:none;font-weight:600;${first ? "background:#1e40af;color:#ffffff" : "background:#ffffff;color:#1e40af"}">${escapeHtml(link.label)}</a>`;
  const groups = (content.linkGroups ?? [])
    .map(
      (group) =>
        `<p style="margin:24px 0 8px;font-weight:700">${escapeHtml(group.title)}</p>\n<p style="margin:0 0 16px">${group.links.map((link, i) => groupButton(link, i === 0)).join("")}</p>`,
    )
    .join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff">
${content.preheader ? `<div style="display:none">${escapeHtml(content.preheader)}</div>` : ""}
<p style="font-weight:700;color:#0b1f4d;font-size:18px">From Scratch to Success</p>
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join("\n")}
${content.blocks ? `<div style="line-height:1.5">${content.blocks.html}</div>` : ""}
${button}
${groups}
${content.signOff
  .split("\n")
  .map((line) => paragraph(line))
  .join("")}
${
  content.footer
    ? `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569;line-height:1.5">${escapeHtml(content.footer.text)}<br>${escapeHtml(content.footer.postalAddress)}<br><a href="${escapeHtml(content.footer.unsubscribeUrl)}" style="color:#1e40af">${escapeHtml(content.footer.unsubscribeLabel)}</a></p>`
    : ""
}
</div></body></html>`;
  return { subject: content.subject, html, text };
}
