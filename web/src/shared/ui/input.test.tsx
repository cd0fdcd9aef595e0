import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './input.tsx';

function renderDecadeFilter(value: string) {
  const onChange = vi.fn<(value: string) => void>();
  const user = userEvent.setup();
  render(
    <FilterSelect id="library-decade" label="Decade" value={value} onChange={onChange}>
      <option value="">Any decade</option>
      <option value="1990">1990s</option>
      <option value="1980">1980s</option>
    </FilterSelect>,
  );
  return { onChange, user, select: screen.getByRole('combobox', { name: 'Decade' }) };
}

describe('FilterSelect', () => {
  it('is a drop-down named by its label that shows the current choice', () => {
    const { select } = renderDecadeFilter('1980');
    expect(select).toHaveDisplayValue('1980s');
  });

  it('hands over the value of the option chosen', async () => {
    const { select, onChange, user } = renderDecadeFilter('');
    await user.selectOptions(select, '1990s');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('1990');
  });

  it('hands over an empty value for “any”', async () => {
    const { select, onChange, user } = renderDecadeFilter('1990');
    await user.selectOptions(select, 'Any decade');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('');
  });
});
