import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { ApiPage } from './api-page.tsx';

describe('the /api page', () => {
  it("tells how to connect a music player: the site's address, the token's scope and the routes", async () => {
    renderWithProviders(<ApiPage />);
    expect(screen.getByRole('heading', { name: 'Connect a music player' })).toBeInTheDocument();
    expect(screen.getByText(/a token with the listens:write scope/)).toBeInTheDocument();
    // The address is the page's own, filled in once the browser has it.
    expect(await screen.findByText(`${window.location.origin}/`)).toBeInTheDocument();
    expect(screen.getByText(/POST \/1\/submit-listens/)).toHaveTextContent('GET /1/user/{name}/listens');
    expect(screen.getByText(/Authorization: Token \$HEARSAY_TOKEN/)).toHaveTextContent(`${window.location.origin}/1/submit-listens`);
  });
});
