import type { Standing } from '@hearsay/contracts/moderation';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { endpointQuery } from '../../shared/lib/api-client.ts';
import { currentUser } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { StandingGate } from './standing.tsx';
// Fetched by the gate when it has something to show: here in memory already, so no test waits on the transform.
import './standing-notices.tsx';
import { moderationEndpoints } from '../../shared/lib/endpoints.ts';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  );
}

const standingKey = endpointQuery(moderationEndpoints.standing, {}).queryKey;

function renderGate() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  return renderWithProviders(
    <StandingGate onSignOut={() => undefined}>
      <Counter />
    </StandingGate>,
    { cache: (queryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: currentUser() }) },
  );
}

describe('the standing gate', () => {
  it('keeps the page it wraps (and its state) when the standing arrives with a warning', async () => {
    const { user, queryClient } = renderGate();
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    const standing: Standing = { sanction: null, warnings: [{ id: 'w1', reason: 'Keep it civil', at: '2026-11-25T10:00:00.000Z' }] };
    act(() => queryClient.setQueryData(standingKey, standing));
    expect(await screen.findByText(/Keep it civil/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });

  it('shows a suspended person only why, and the way to sign out', async () => {
    const { queryClient } = renderGate();
    act(() =>
      queryClient.setQueryData(standingKey, {
        sanction: { kind: 'suspended', reason: 'Spam links', until: '2026-12-01T00:00:00.000Z' },
        warnings: [],
      } satisfies Standing),
    );
    expect(await screen.findByRole('heading', { name: /^Your account is suspended until/ })).toBeInTheDocument();
    expect(screen.getByText('The moderators said: “Spam links”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clicked/ })).not.toBeInTheDocument();
  });
});
