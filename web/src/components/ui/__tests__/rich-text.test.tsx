import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, sanitizeHtml } from '../rich-text';

describe('CMS rich text', () => {
  it('removes scripts, event handlers and javascript: links from a hostile item', () => {
    const hostile =
      '<p onclick="steal()">Hello<script>alert(1)</script></p><img src="x" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">click</a><iframe src="https://evil.example"></iframe><style>body{}</style>';
    const clean = sanitizeHtml(hostile);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|style/i);
    expect(clean).toContain('Hello');
  });

  it('keeps ordinary markup and opens other sites in a new tab', () => {
    const { container } = render(
      <RichText html={'<h3>Specs</h3><ul><li><strong>Payload</strong> 7 kg</li></ul><a href="https://example.com">site</a>'} />,
    );
    expect(container.querySelector('h3')?.textContent).toBe('Specs');
    expect(container.querySelector('strong')?.textContent).toBe('Payload');
    const link = container.querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders nothing for empty content', () => {
    const { container } = render(<RichText html={null} />);
    expect(container.innerHTML).toBe('');
  });
});
