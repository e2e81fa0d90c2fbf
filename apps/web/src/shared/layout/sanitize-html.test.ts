// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml (footer and terms HTML)', () => {
  it('keeps the markup a footer needs', () => {
    const html =
      '<section><h2>York</h2><address>1 Ouse Bank<br>York</address><p>Phone: <a href="tel:+441904496000">01904 496000</a></p><ul><li>Mon: 9-5</li></ul></section>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: links, frames, forms and styles', () => {
    const dirty = [
      '<p onclick="steal()">Hi<script>alert(1)</script></p>',
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="card"></form>',
      '<style>body{display:none}</style>',
      '<p style="position:fixed">styled</p>',
    ].join('');
    const clean = sanitizeHtml(dirty);
    for (const bad of [
      'script',
      'onclick',
      'onerror',
      'javascript:',
      'iframe',
      '<form',
      '<input',
      '<style',
      'style=',
    ]) {
      expect(clean, bad).not.toContain(bad);
    }
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('styled');
  });

  it('stops links that open a new tab from reaching back', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });
});
