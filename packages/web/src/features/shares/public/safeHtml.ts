/**
 * The server sanitises an item's HTML with an allowlist before a link serves it; the page still
 * reads it through this second, smaller filter before handing it to the browser, so that a gap in
 * one side never runs script on a page opened by people without an account.
 */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'template',
  'noscript',
]);

const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'poster']);

/** Web addresses, mail, and addresses on this site (`/s/…`, `#…`); never `javascript:` or data. */
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

function cleanElement(element: Element): void {
  if (DROPPED.has(element.localName)) {
    element.remove();
    return;
  }
  for (const attribute of [...element.attributes]) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value.trim();
    if (name.startsWith('on') || name === 'style' || name === 'srcset') {
      element.removeAttribute(attribute.name);
    } else if (URL_ATTRIBUTES.has(name) && !SAFE_URL.test(value)) {
      element.removeAttribute(attribute.name);
    }
  }
  if (element.localName === 'a') {
    // No referrer: the page's address holds the link's token.
    element.setAttribute('rel', 'noopener noreferrer nofollow');
    if (!/^(?:\/(?!\/)|#)/.test(element.getAttribute('href') ?? '')) {
      element.setAttribute('target', '_blank');
    }
  }
  for (const child of [...element.children]) cleanElement(child);
}

/** The item's HTML with anything that could run or load script taken out. */
export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  for (const child of [...doc.body.children]) cleanElement(child);
  return doc.body.innerHTML;
}
