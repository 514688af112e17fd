// The inner HTML of a document's body, cut from the original text so the service's markup is kept byte for byte.
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

/**
 * Accepts a whole document, the `<body ...>` element itself (what Parsoid sends for `body=1`)
 * or already the inner HTML, and returns the body's inner HTML in every case.
 */
export function bodyInnerHtml(html: string): string {
  // A spec-conforming parser, so `</body>` inside attribute values, comments or scripts is never mistaken for the end.
  const document = parse(html, { sourceCodeLocationInfo: true });
  const root = childElement(document, 'html');
  const head = root && childElement(root, 'head');
  const body = root && childElement(root, 'body');
  const hasDoctype = document.childNodes.some((node) => node.nodeName === '#documentType');
  const explicit = [root, head, body].some((element) => element?.sourceCodeLocation?.startTag);
  if (!hasDoctype && !explicit) return html;
  if (!root || !body) return '';

  const bodyLocation = body.sourceCodeLocation;
  const start = bodyLocation?.startTag ? bodyLocation.startTag.endOffset : firstOffset(body);
  if (start === undefined) return '';
  // Without </body> the body runs to </html>, or to the end of the text.
  const end = bodyLocation?.endTag?.startOffset ?? root.sourceCodeLocation?.endTag?.startOffset ?? html.length;
  return end > start ? html.slice(start, end) : '';
}

function childElement(parent: ParentNode, name: string): Element | undefined {
  return parent.childNodes.find((node): node is Element => node.nodeName === name && 'tagName' in node);
}

/** Where the body's content starts when the body start tag itself is implied. */
function firstOffset(body: Element): number | undefined {
  const first: ChildNode | undefined = body.childNodes.find((node) => node.sourceCodeLocation);
  return first?.sourceCodeLocation?.startOffset;
}
