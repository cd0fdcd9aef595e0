import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { deferred } from './deferred.tsx';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Counted {count}</button>;
}

const DeferredCounter = deferred('test-counter', async () => Counter);

function Page() {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <DeferredCounter />
      <button onClick={() => setRenders(renders + 1)}>Render the page again</button>
    </>
  );
}

describe('a deferred part', () => {
  it('keeps what it holds when the page renders again after its code has come', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(await screen.findByRole('button', { name: 'Counted 0' }));
    expect(screen.getByRole('button', { name: 'Counted 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Render the page again' }));
    expect(screen.getByRole('button', { name: 'Counted 1' })).toBeTruthy();
  });
});
