export interface ShareLink {
  id: 'whatsapp' | 'x' | 'facebook' | 'email';
  label: string;
  href: string;
}

/**
 * Plain share links (no JavaScript needed): each service's documented share URL with the page's
 * title and absolute URL.
 */
export function buildShareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { id: 'x', label: 'X', href: `https://x.com/intent/post?text=${text}&url=${u}` },
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: 'email', label: 'Email', href: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n\n${url}`)}` },
  ];
}
