import type { RemotePerson } from '@hearsay/contracts/federation';
import type { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { currentUser } from '../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { RemoteLookup } from './remote-person.tsx';

const bob: RemotePerson = {
  id: 'p-bob',
  handle: 'bob@neodb.example',
  name: 'Bob Stone',
  host: 'neodb.example',
  avatarUrl: null,
  url: 'https://neodb.example/users/bob',
  summary: 'Jazz, mostly.',
  follow: 'none',
};

let requests: { method: string; url: string }[];
let answer: (method: string, url: string) => { status: number; body: unknown } | undefined;

beforeEach(() => {
  requests = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url });
      const given = answer(method, url);
      if (given) return new Response(JSON.stringify(given.body), { status: given.status, headers: { 'content-type': 'application/json' } });
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const LOOKUP = '/api/federation/people?q=%40bob%40neodb.example';
const FOLLOW = '/api/federation/people/p-bob/follow';

function open(signedIn: boolean, findNow = false) {
  return renderWithProviders(<RemoteLookup query="@bob@neodb.example" findNow={findNow} />, {
    url: '/search?q=%40bob%40neodb.example',
    cache: (queryClient: QueryClient) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user: signedIn ? currentUser() : null }),
  });
}

describe('finding a person of another site', () => {
  it('asks their site only when the member asks, then follows them: requested, following, and back', async () => {
    let follow: RemotePerson['follow'] = 'requested';
    answer = (method, url) => {
      if (method === 'GET' && url === LOOKUP) return { status: 200, body: { person: bob } };
      if (method === 'PUT' && url === FOLLOW) return { status: 200, body: { person: { ...bob, follow } } };
      if (method === 'DELETE' && url === FOLLOW) return { status: 200, body: { person: { ...bob, follow: 'none' } } };
      return undefined;
    };
    const { user } = open(true);
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Find @bob@neodb.example on its site' }));

    const found = await screen.findByRole('region', { name: 'A person of another site' });
    expect(await within(found).findByRole('heading', { name: 'Bob Stone' })).toBeInTheDocument();
    expect(found).toHaveTextContent('@bob@neodb.example');
    expect(found).toHaveTextContent('On neodb.example');
    expect(found).toHaveTextContent('Jazz, mostly.');
    const page = within(found).getByRole('link', { name: 'Their page on neodb.example' });
    expect(page).toHaveAttribute('href', 'https://neodb.example/users/bob');
    expect(page).toHaveAttribute('rel', 'noopener nofollow ugc');

    await user.click(within(found).getByRole('button', { name: 'Follow Bob Stone' }));
    expect(await within(found).findByRole('button', { name: /^Requested/ })).toHaveTextContent('Requested');

    // Clicked while requested, the request is withdrawn; followed again, their site has accepted meanwhile.
    follow = 'following';
    await user.click(within(found).getByRole('button', { name: /^Requested/ }));
    expect(await within(found).findByRole('button', { name: 'Follow Bob Stone' })).toHaveTextContent('Follow');

    await user.click(within(found).getByRole('button', { name: 'Follow Bob Stone' }));
    expect(await within(found).findByRole('button', { name: /^Following Bob Stone/ })).toHaveTextContent('Following');
    // The answers were written into the lookup's cache: their site was asked once.
    expect(requests.filter((request) => request.url === LOOKUP)).toHaveLength(1);
    expect(requests.map((request) => request.method)).toEqual(['GET', 'PUT', 'DELETE', 'PUT']);
  });

  it('looks at once when chosen from the header, and says in words when no one is there', async () => {
    answer = (method, url) =>
      url === LOOKUP
        ? {
            status: 404,
            body: {
              error: { code: 'remote_person_not_found', message: 'No account was found at that address', issues: [], requestId: 'r1' },
            },
          }
        : undefined;
    open(true, true);
    expect(await screen.findByRole('alert')).toHaveTextContent('No account was found at that address');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when this site does not connect with others', async () => {
    answer = (method, url) =>
      url === LOOKUP
        ? { status: 503, body: { error: { code: 'federation_off', message: 'Federation is off', issues: [], requestId: 'r2' } } }
        : undefined;
    open(true, true);
    expect(await screen.findByRole('alert')).toHaveTextContent('This site does not connect with other sites');
  });

  it('asks a visitor to sign in, without asking the other site', async () => {
    const { user, address } = open(false, true);
    expect(screen.getByText('Sign in to find and follow people of other sites.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(address()).toMatch(/^\/login/);
    expect(requests).toEqual([]);
  });
});
