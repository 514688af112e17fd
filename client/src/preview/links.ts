// Links clicked in the preview: resolved against the page's address at the service, opened only when http or https.
import { encodePageName } from '../../../conversion/pageName';

export type LinkTarget = { open: true; url: string } | { open: false; reason: string };

/**
 * `pageUrl` is the page at the conversion service (`{base}/{prefix}/{page}`), which relative wiki links
 * such as `./Other_page` are relative to.
 */
export function resolveLink(href: string, pageUrl: string): LinkTarget {
  const trimmed = href.trim();
  if (trimmed === '') return { open: false, reason: 'the link has no address' };
  let url: URL;
  try {
    // Protocol-relative links (`//host/path`) are meant for the web, where https is the norm.
    url = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed, pageUrl);
  } catch {
    return { open: false, reason: `'${shorten(trimmed)}' is not a valid address` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { open: false, reason: `'${shorten(trimmed)}' is a ${url.protocol.replace(/:$/, '')}: link; only http and https links open from the preview` };
  }
  if (url.username || url.password) return { open: false, reason: `'${shorten(url.href)}' carries a user name or password` };
  return { open: true, url: url.href };
}

/** The address of a page at the service, the base of its relative links; throws on a page name no wiki allows. */
export function servicePageUrl(baseUrl: string, prefix: string, page: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${prefix}/${encodePageName(page)}`;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
