import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePullToRefresh } from './use-pull-to-refresh.ts';

function Page({ refresh }: { refresh: () => Promise<unknown> }) {
  const pull = usePullToRefresh(refresh);
  return <p>{pull.refreshing ? 'refreshing' : pull.ready ? 'release' : pull.distance > 0 ? 'pulling' : 'still'}</p>;
}

/** A finger at `fromY` moving to each of `toYs`, then lifted. */
function drag(fromY: number, ...toYs: number[]) {
  const touch = (y: number) => ({ touches: [{ clientY: y }] });
  act(() => {
    window.dispatchEvent(Object.assign(new Event('touchstart'), touch(fromY)));
    for (const y of toYs) window.dispatchEvent(Object.assign(new Event('touchmove'), touch(y)));
  });
  const state = screen.getByRole('paragraph').textContent;
  act(() => void window.dispatchEvent(new Event('touchend')));
  return state;
}

afterEach(() => window.scrollTo(0, 0));

describe('pull to refresh', () => {
  it('refreshes once when a finger pulls the top of the page down far enough and lets go', async () => {
    let settle = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(<Page refresh={refresh} />);
    expect(drag(100, 130, 200, 260)).toBe('release');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('paragraph')).toHaveTextContent('refreshing');
    // A second pull while refreshing does nothing.
    drag(100, 300);
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(async () => settle());
    expect(screen.getByRole('paragraph')).toHaveTextContent('still');
  });

  it('does nothing for a short pull, a push up, or a page scrolled away from the top', () => {
    const refresh = vi.fn(() => Promise.resolve());
    render(<Page refresh={refresh} />);
    expect(drag(100, 140)).toBe('pulling');
    expect(drag(300, 200, 100)).toBe('still');
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    expect(drag(100, 400)).toBe('still');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('leaves the mouse and the keyboard alone', () => {
    const refresh = vi.fn(() => Promise.resolve());
    render(<Page refresh={refresh} />);
    act(() => {
      window.dispatchEvent(new MouseEvent('mousedown', { clientY: 0 }));
      window.dispatchEvent(new MouseEvent('mousemove', { clientY: 400 }));
      window.dispatchEvent(new MouseEvent('mouseup'));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F5' }));
    });
    expect(refresh).not.toHaveBeenCalled();
  });
});
