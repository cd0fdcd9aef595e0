import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { securityQueryOptions } from './api.ts';
import { ChangeEmail } from './change-email.tsx';
import { ChangeUsername } from './change-username.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = {
  id: 'u1',
  name: 'Ana',
  username: 'ana_new',
  email: 'ana@example.com',
  avatarUrl: null,
  bio: '',
  onboardingCompleted: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const overview = (hasPassword: boolean) => ({
  hasPassword,
  twoFactorEnabled: false,
  backupCodesLeft: null,
  sessions: [],
  connectedAccounts: [],
  providers: [],
});

let requests: { method: string; url: string; body: unknown }[];
let hasPassword = true;
beforeEach(() => {
  requests = [];
  hasPassword = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && url === '/api/me') return json({ user });
      if (method === 'GET' && url === '/api/me/security') return json(overview(hasPassword));
      if (method === 'PUT' && url === '/api/me/username') return json({ user });
      if (method === 'POST' && url === '/api/me/email') return json({ email: 'new@example.com', expiresAt: '2026-01-02T00:00:00.000Z' });
      if (method === 'POST' && url === '/api/me/email/confirm') return json({ email: 'new@example.com' });
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const writes = () => requests.filter((request) => request.method !== 'GET');

const withPassword = (password: boolean) => {
  hasPassword = password;
  return { cache: (queryClient: QueryClient) => queryClient.setQueryData(securityQueryOptions.queryKey, overview(password)) };
};

describe('Change username', () => {
  it('says what is wrong with a name before sending, then sends the name with the current password', async () => {
    const { user: person } = renderWithProviders(<ChangeUsername current="ana" />, withPassword(true));
    await person.click(screen.getByRole('button', { name: 'Change username' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your username' });
    const submit = within(dialog).getByRole('button', { name: 'Change username' });
    const field = within(dialog).getByLabelText('New username');

    for (const [typed, message] of [
      ['Guest', 'That username is reserved. Please choose another.'],
      ['ab', 'Usernames are 3 to 30 characters long.'],
      ['ana.b', 'Use only letters, digits and underscores.'],
      ['ana_', 'A username starts and ends with a letter or a digit.'],
      ['ANA', 'That is already your username.'],
    ] as const) {
      await person.clear(field);
      await person.type(field, typed);
      await person.click(submit);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    }
    expect(writes()).toEqual([]);

    await person.clear(field);
    await person.type(field, 'Ana_New');
    await person.type(within(dialog).getByLabelText('Current Password'), 'my-password');
    await person.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/me/username', body: { username: 'ana_new', password: 'my-password' } }]);
  });

  it('asks no password of someone who signs in only through a connected account', async () => {
    const { user: person } = renderWithProviders(<ChangeUsername current="ana" />, withPassword(false));
    await person.click(screen.getByRole('button', { name: 'Change username' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your username' });
    expect(within(dialog).queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('You sign in with a connected account');
    await person.type(within(dialog).getByLabelText('New username'), 'ana_new');
    await person.click(within(dialog).getByRole('button', { name: 'Change username' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'PUT', url: '/api/me/username', body: { username: 'ana_new' } }]));
  });
});

describe('Change e-mail address', () => {
  it('sends the new address with the password and says where the link went', async () => {
    const { user: person } = renderWithProviders(<ChangeEmail />, withPassword(true));
    await person.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your e-mail address' });
    expect(dialog).toHaveTextContent('within 24 hours');
    await person.type(within(dialog).getByLabelText('New e-mail address'), 'new@example.com');
    await person.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your current password.');
    await person.type(within(dialog).getByLabelText('Current Password'), 'my-password');
    await person.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('We sent a link to new@example.com.');
    expect(writes()).toEqual([{ method: 'POST', url: '/api/me/email', body: { email: 'new@example.com', password: 'my-password' } }]);
  });
});

describe('/settings/confirm-email', () => {
  it('sends the token from the link once and says the new address', async () => {
    renderWithProviders(<ConfirmEmailPage />, { url: '/settings/confirm-email?token=abc123' });
    expect(await screen.findByText('Your e-mail address is now new@example.com.')).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/me/email/confirm', body: { token: 'abc123' } }]);
  });

  it('asks for the session again once the address changed, even while its first answer is still on the way', async () => {
    // The first /api/me was asked before the change and answers after it, with the old address.
    let answerFirst: () => void = () => {};
    let sessionAsked = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method === 'GET' && url === '/api/me') {
          sessionAsked += 1;
          if (sessionAsked === 1) {
            return new Promise<Response>((resolve) => {
              answerFirst = () => resolve(json({ user }));
            });
          }
          return json({ user: { ...user, email: 'new@example.com' } });
        }
        if (method === 'POST' && url === '/api/me/email/confirm') return json({ email: 'new@example.com' });
        return new Promise<Response>(() => {});
      }),
    );
    const { queryClient } = renderWithProviders(<ConfirmEmailPage />, { url: '/settings/confirm-email?token=abc123' });
    expect(await screen.findByText('Your e-mail address is now new@example.com.')).toBeInTheDocument();
    answerFirst();
    await waitFor(() =>
      expect(queryClient.getQueryData<{ user: typeof user }>(sessionQueryOptions.queryKey)?.user.email).toBe('new@example.com'),
    );
    expect(sessionAsked).toBe(2);
  });

  it('says a link without its token is incomplete, and sends nothing', () => {
    renderWithProviders(<ConfirmEmailPage />, { url: '/settings/confirm-email' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(writes()).toEqual([]);
  });
});
