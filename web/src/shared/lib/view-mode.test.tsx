import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { takeOver } from '../test/take-over.tsx';
import { useAlbumViewMode } from './view-mode.ts';

function Albums() {
  const [mode, setMode] = useAlbumViewMode();
  return (
    <>
      <p>{mode}</p>
      <button onClick={() => setMode(mode === 'grid' ? 'list' : 'grid')}>Switch</button>
    </>
  );
}

describe('the grid or list choice on a page rendered on the server', () => {
  it('takes the page over in the grid it was sent in, then shows the saved list, without a mismatch', async () => {
    localStorage.setItem('albumViewMode', 'list');
    const { served, container, errors } = await takeOver(<Albums />);
    expect(served).toBe('gridSwitch');
    expect(errors).toEqual([]);
    expect(container.querySelector('p')!.textContent).toBe('list');
  });

  it('shows and keeps a new choice at once', async () => {
    const { container } = await takeOver(<Albums />);
    act(() => container.querySelector('button')!.click());
    expect(container.querySelector('p')!.textContent).toBe('grid');
    expect(localStorage.getItem('albumViewMode')).toBe('grid');
  });
});
