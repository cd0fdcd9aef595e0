import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/lib/api-client.ts';
import { CorrectionForm } from './correction-form.tsx';

const ALBUM = { title: 'Kind of Blu', releaseYear: 1958, releaseType: 'album' as const, artistCredit: 'Miles Davis' };

function renderForm(
  send = vi.fn<(correction: { field: string; value: string; note: string }) => Promise<unknown>>().mockResolvedValue({}),
) {
  const onCancel = vi.fn<() => void>();
  render(<CorrectionForm album={ALBUM} send={send} onCancel={onCancel} />);
  return { send, onCancel, user: userEvent.setup() };
}

describe('CorrectionForm', () => {
  it("starts from the album's title, artist credit, year and type, and sends only the detail the member changed", async () => {
    const { send, user } = renderForm();
    expect(screen.getByLabelText('Title')).toHaveValue('Kind of Blu');
    expect(screen.getByLabelText('Artist credit')).toHaveValue('Miles Davis');
    expect(screen.getByLabelText('Year')).toHaveValue('1958');
    expect(screen.getByLabelText('Release type')).toHaveValue('album');

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Kind of Blue ');
    await user.type(screen.getByLabelText('Note for the curator (optional)'), 'See the sleeve');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));

    expect(send.mock.calls).toEqual([[{ field: 'title', value: 'Kind of Blue', note: 'See the sleeve' }]]);
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks — a curator will look at it.');
  });

  it('sends each changed detail as its own suggestion', async () => {
    const { send, user } = renderForm();
    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), '1959');
    await user.selectOptions(screen.getByLabelText('Release type'), 'Live');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));

    expect(send.mock.calls.map(([correction]) => [correction.field, correction.value])).toEqual([
      ['year', '1959'],
      ['release_type', 'live'],
    ]);
  });

  it('says so when nothing was changed, and sends nothing', async () => {
    const { send, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Change at least one detail before sending.');
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the server's words under the detail it refused, and does not send again what it already took", async () => {
    const send = vi
      .fn<(correction: { field: string; value: string; note: string }) => Promise<unknown>>()
      .mockResolvedValueOnce({})
      .mockRejectedValueOnce(
        new ApiError(400, 'invalid_request', 'Invalid request', {
          issues: [{ path: 'body.value', code: 'correction_year_invalid', message: 'Enter a year of four digits' }],
        }),
      )
      .mockResolvedValue({});
    const { user } = renderForm(send);
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Kind of Blue');
    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), '59');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));

    expect(await screen.findByText('Enter a year of four digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Year')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), '1959');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(send.mock.calls.map(([correction]) => [correction.field, correction.value])).toEqual([
      ['title', 'Kind of Blue'],
      ['year', '59'],
      ['year', '1959'],
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks — a curator will look at it.');
  });

  it('shows a refusal that is not about one detail (too many suggestions) above the form', async () => {
    const send = vi
      .fn<(correction: { field: string; value: string; note: string }) => Promise<unknown>>()
      .mockRejectedValue(new ApiError(429, 'rate_limited_requests', 'Too many requests'));
    const { user } = renderForm(send);
    await user.clear(screen.getByLabelText('Artist credit'));
    await user.type(screen.getByLabelText('Artist credit'), 'Miles Davis Sextet');
    await user.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Send suggestion' })).toBeEnabled();
  });
});
