import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/testing/render';
import { Button, ButtonLink, buttonClass } from '../button';
import styles from '../button.module.css';

describe('the button', () => {
  it('is a plain button of the primary look and the middle size unless told otherwise', async () => {
    const onClick = vi.fn();
    await renderAt(<Button onClick={onClick}>Send</Button>, '/en/index');
    const button = screen.getByRole('button', { name: 'Send' });
    // Not a submit button by accident inside a form.
    expect(button.getAttribute('type')).toBe('button');
    expect(button.classList).toContain(styles.button);
    expect(button.classList).toContain(styles.primary);
    expect(button.classList).toContain(styles.md);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('takes its variant, size, width and ground, keeps the caller class, and says when it is busy', async () => {
    await renderAt(
      <form>
        <Button type="submit" variant="dark" size="lg" block inverse busy className="own">
          Download
        </Button>
      </form>,
      '/en/index',
    );
    const button = screen.getByRole('button', { name: 'Download' });
    expect(button.getAttribute('type')).toBe('submit');
    for (const name of [styles.button, styles.dark, styles.lg, styles.block, styles.inverse, 'own']) expect(button.classList).toContain(name);
    expect(button.classList).not.toContain(styles.primary);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('data-busy')).toBe(true);
  });

  it('as a link goes to the site path in the page language, or opens an external address in a new tab', async () => {
    await renderAt(
      <>
        <ButtonLink href="/productList" variant="secondary">
          Products
        </ButtonLink>
        <ButtonLink href="https://example.com/x">Partner</ButtonLink>
      </>,
      '/jp/index',
    );
    const internal = screen.getByRole('link', { name: 'Products' });
    expect(internal.getAttribute('href')).toBe('/jp/productList');
    expect(internal.classList).toContain(styles.secondary);
    const external = screen.getByRole('link', { name: /Partner/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(external.classList).toContain(styles.primary);
  });

  it('gives the same classes to another element that must look like a button', () => {
    expect(buttonClass().split(' ')).toEqual([styles.button, styles.primary, styles.md]);
    expect(buttonClass({ variant: 'ghost', size: 'sm' }, 'mine').split(' ')).toEqual([styles.button, styles.ghost, styles.sm, 'mine']);
  });
});
