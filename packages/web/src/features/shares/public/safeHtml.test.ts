import { describe, expect, it } from 'vitest';
import { safeHtml } from './safeHtml';

describe('safeHtml', () => {
  it('keeps text, formatting and links of the share', () => {
    const html = '<p>Hello <strong>you</strong> <a href="/s/abc/items/3">the letter</a></p>';
    expect(safeHtml(html)).toBe(
      '<p>Hello <strong>you</strong> <a href="/s/abc/items/3" rel="noopener noreferrer nofollow">the letter</a></p>',
    );
  });

  it('takes out scripts, handlers, styles and script addresses', () => {
    const html =
      '<p onclick="x()" style="color:red">a<script>alert(1)</script><img src="javascript:x" onerror="y()"><a href="javascript:z()">b</a><iframe src="https://e.example"></iframe></p>';
    const cleaned = safeHtml(html);
    expect(cleaned).not.toMatch(/script|onclick|onerror|style|iframe|javascript/i);
    expect(cleaned).toContain('<a rel="noopener noreferrer nofollow" target="_blank">b</a>');
  });

  it('opens outside addresses in a new tab without a referrer', () => {
    expect(safeHtml('<a href="https://example.org/x">x</a>')).toBe(
      '<a href="https://example.org/x" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(safeHtml('<a href="//evil.example/x">x</a>')).not.toContain('href');
  });
});
