import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { AnswersFilter, TopPeriodSelect, UnansweredFilter } from './top-filters';

describe('TopPeriodSelect', () => {
  it("shows the server's period when none is chosen, and offers all five", async () => {
    const onChange = vi.fn();
    renderWithProviders(<TopPeriodSelect value="" shown="week" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    expect(select.value).toBe('week');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Today', 'This week', 'This month', 'This year', 'All time']);
    await userEvent.setup().selectOptions(select, 'All time');
    expect(onChange).toHaveBeenCalledWith('all');
  });

  it('shows the chosen period over the answer', () => {
    renderWithProviders(<TopPeriodSelect value="day" shown="week" onChange={() => {}} />);
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe('day');
  });
});

describe('UnansweredFilter', () => {
  it('is a labelled checkbox', async () => {
    const onChange = vi.fn();
    renderWithProviders(<UnansweredFilter checked={false} onChange={onChange} />);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Unanswered' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('AnswersFilter', () => {
  it('is a select labelled Answers: All, Solved, Unsolved (issue 33)', async () => {
    const onChange = vi.fn();
    renderWithProviders(<AnswersFilter value="" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Answers' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['All', 'Solved', 'Unsolved']);
    expect(select.value).toBe('');
    await userEvent.setup().selectOptions(select, 'Unsolved');
    expect(onChange).toHaveBeenCalledWith('no');
  });
});
