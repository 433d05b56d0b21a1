import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAY_MSG } from '@common/rules/pay';
import { renderWithProviders } from '@/test/render';
import { PayFigureCard, livingWageText } from './pay-figure';
import { blankValues, PayReportForm } from './pay-report-form';

describe('PayReportForm', () => {
  it('checks the server\'s rules before sending: each message on its field, nothing sent', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<PayReportForm initial={blankValues('evri')} submitLabel="Send report" pending={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Postcode district'), 'XX1');
    await user.type(screen.getByLabelText('Hours worked'), '200');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(PAY_MSG.postcodeInvalid)).toBeTruthy();
    expect(screen.getByText(PAY_MSG.hoursTooMany(7))).toBeTruthy();
    expect(screen.getByText(PAY_MSG.dropsInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a day as start = end, with empty costs as 0 and only the district typed', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const initial = { ...blankValues('dpd'), kind: 'day' as const };
    renderWithProviders(<PayReportForm initial={initial} submitLabel="Send report" pending={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Postcode district'), 'M14');
    await user.type(screen.getByLabelText('Hours worked'), '9');
    await user.type(screen.getByLabelText('Parcels or drops'), '100');
    await user.type(screen.getByLabelText('Miles'), '70');
    await user.type(screen.getByLabelText(/Gross pay/), '130');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        network: 'dpd',
        postcode: 'M14',
        periodStart: initial.periodStart,
        periodEnd: initial.periodStart,
        hours: 9,
        grossPay: 130,
        costs: { fuel: 0, vehicle: 0, insurance: 0, other: 0 },
      }),
    );
  });
});

describe('PayFigureCard', () => {
  it('below the threshold: "Not enough reports yet" and the counts, never a figure', () => {
    renderWithProviders(<PayFigureCard title="DPD" figure={{ network: 'dpd', region: null, vehicle: null, reports: 4, members: 3, netHourly: null }} livingWage={12.71} />);
    expect(screen.getByText('Not enough reports yet')).toBeTruthy();
    expect(screen.getByText(/4 reports from 3 members \(a figure needs 5 members\)/)).toBeTruthy();
    expect(screen.queryByText(/£/)).toBeNull();
  });

  it('a figure: median, middle half and the National Living Wage beside it', () => {
    renderWithProviders(
      <PayFigureCard title="Evri" figure={{ network: 'evri', region: null, vehicle: null, reports: 9, members: 6, netHourly: { p25: 10.5, median: 12.2, p75: 14 } }} livingWage={12.71} />,
    );
    expect(screen.getByText('£12.20')).toBeTruthy();
    expect(screen.getByText('Middle half: £10.50 to £14.00')).toBeTruthy();
    expect(screen.getByText('£0.51 below the National Living Wage (£12.71)')).toBeTruthy();
    expect(livingWageText(13, 12.21)).toBe('£0.79 above the National Living Wage (£12.21)');
  });

  it('from 5 to 9 members: the median alone, and when the middle half will show', () => {
    renderWithProviders(
      <PayFigureCard title="Yodel" figure={{ network: 'yodel', region: null, vehicle: null, reports: 6, members: 5, netHourly: { p25: null, median: 11.3, p75: null } }} livingWage={12.71} />,
    );
    expect(screen.getByText('£11.30')).toBeTruthy();
    expect(screen.getByText('The middle half shows from 10 members.')).toBeTruthy();
    expect(screen.queryByText(/Middle half:/)).toBeNull();
  });
});
