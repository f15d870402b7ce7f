import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of the product overview's rich text: headings, paragraphs, lists, bold, italic,
 * underline and links (http, https, mailto). Everything else (scripts, styles, event handlers,
 * images, frames, other URL schemes) is dropped before the text is stored, so every page that
 * shows it can insert it as HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside dropped script/style elements goes with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      const opensElsewhere = attribs.target === '_blank';
      return {
        tagName,
        attribs: {
          ...(attribs.href !== undefined && { href: attribs.href }),
          ...(opensElsewhere && { target: '_blank' }),
          rel: 'noopener noreferrer',
        },
      };
    },
  },
};

// Overviews are also cleaned on every read; the same few texts come back again and again.
const cleaned = new Map<string, string>();
const CLEANED_MAX = 500;

export function sanitizeRichText(html: string): string {
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  const result = sanitizeHtml(html, OPTIONS).trim();
  if (cleaned.size >= CLEANED_MAX) cleaned.clear();
  cleaned.set(html, result);
  return result;
}
