import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps headings, paragraphs, lists, emphasis and safe links', () => {
    const html =
      '<h2>Plan</h2><p><strong>Bold</strong> <em>it</em> <u>u</u></p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<p><a href="https://example.com" target="_blank">site</a> <a href="mailto:a@b.co">mail</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Plan</h2><p><strong>Bold</strong> <em>it</em> <u>u</u></p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
        '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a> ' +
        '<a href="mailto:a@b.co" rel="noopener noreferrer">mail</a></p>',
    );
  });

  it('drops scripts, event handlers, styles and dangerous URLs', () => {
    const html =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">x</a><a href="data:text/html,evil">y</a><style>p{}</style><iframe src="//e"></iframe>' +
      '<svg onload="alert(4)"></svg><a href="//evil.example">z</a>';
    const clean = sanitizeRichText(html);
    expect(clean).toBe(
      '<p>Hi</p><a rel="noopener noreferrer">x</a><a rel="noopener noreferrer">y</a><a rel="noopener noreferrer">z</a>',
    );
    expect(clean).not.toMatch(/script|onerror|onclick|onload|javascript:|style|iframe|data:/i);
  });
});
