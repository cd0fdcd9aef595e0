import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText, messageParts } from './message-text.tsx';

describe('a message’s text', () => {
  it('makes http and https addresses links that open apart, safely', () => {
    const { container } = render(
      <p>
        <MessageText body="Listen: https://example.com/album?id=1&x=2. Or http://music.example.org (the live one)" />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/album?id=1&x=2', 'http://music.example.org/']);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
    // The full stop and the bracket stay text.
    expect(container.textContent).toBe('Listen: https://example.com/album?id=1&x=2. Or http://music.example.org (the live one)');
  });

  it('never makes a link of javascript:, data: or other addresses', () => {
    render(
      <p>
        <MessageText body={'javascript:alert(1) data:text/html,<b>x</b> mailto:a@example.com ftp://example.com jAvAsCrIpT:alert(2)'} />
      </p>,
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('shows markup as the text it is, not as elements', () => {
    const { container } = render(
      <p>
        <MessageText body={'<img src=x onerror=alert(1)> <a href="javascript:alert(1)">click</a> https://example.com/"><script>'} />
      </p>,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://example.com/']);
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('<a href="javascript:alert(1)">click</a>');
  });

  it('keeps a bracket that belongs to the address', () => {
    expect(messageParts('see https://en.wikipedia.org/wiki/Blue_Train_(album)!')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Blue_Train_(album)', href: 'https://en.wikipedia.org/wiki/Blue_Train_(album)' },
      { kind: 'text', text: '!' },
    ]);
  });
});
