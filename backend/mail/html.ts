/** Text for HTML mail bodies: everything a visitor typed goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The one HTML layout of every mail: a single column of plain text styles, no remote images, no
 * tracking, readable with images off (the QR code is also given as a link and a reference).
 */
export function mailLayout({ title, body, footer }: { title: string; body: string; footer: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f1e7;color:#1f1a17;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-size:14px;letter-spacing:.04em;text-transform:uppercase;color:#7a3b12"><strong>Ìtàn Book &amp; Arts Festival</strong></p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#1f1a17">${escapeHtml(title)}</h1>
${body}
<hr style="border:0;border-top:1px solid #d8ccb8;margin:24px 0">
<p style="margin:0;font-size:13px;color:#5a4e45">${footer}</p>
</div>
</body>
</html>`;
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px">${html}</p>`;
}

export function facts(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;vertical-align:top;font-weight:normal;color:#5a4e45">${escapeHtml(label)}</th><td style="padding:6px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${cells}</table>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#7a3b12;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`;
}
