import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '@/lib/router';
import { DISMISSED_KEY } from '@/components/bulletins/dismissed-bulletins';
import { SESSION_ID_KEY, SESSION_START_KEY } from '@/lib/analytics/tracker';
import { CONSENT_KEY, PREFERENCES_KEY } from '@/lib/consent';
import { VITALS_SAMPLED_KEY } from '@/lib/vitals';
import { renderWithProviders } from '@/test/render';
import { COURIER_GUIDE } from '@common/content/courier-guide';
import { PRIVACY } from '@common/content/legal';
import { THEME_KEY } from '@common/theme';
import { CourierGuidePage } from './courier-guide-page';
import { PayEstimatorPage } from './pay-estimator-page';
import { PrivacyPage } from './privacy-page';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(route: string, element: React.ReactElement) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

const where = () => new URL(screen.getByTestId('where').textContent ?? '', 'http://x');

describe('pay estimator page', () => {
  beforeEach(() => {
    // The National Living Wage and tax year are picked by today's date: pin it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reads its inputs from the address and shows the estimate for them', () => {
    renderAt('/pay-estimator?vehicle=ev&model=per_day&rate=150&hours=9&days=5&miles=100&ppm=9&insurance=30&hire=120&maintenance=0&weeks=46', <PayEstimatorPage />);
    expect(screen.getByLabelText('Vehicle')).toHaveProperty('value', 'ev');
    expect(screen.getByLabelText('How you are paid')).toHaveProperty('value', 'per_day');
    expect(screen.getByLabelText('Rate (£)')).toHaveProperty('value', '150');
    expect(screen.getByLabelText('Charging cost (pence per mile)')).toHaveProperty('value', '9');
    // An EV has no fuel price or mpg, and a day rate no drops.
    expect(screen.queryByLabelText('Fuel price (pence per litre)')).toBeNull();
    expect(screen.queryByLabelText('Drops per day')).toBeNull();

    const table = screen.getByRole('table', { name: /Pay and costs \(2026\/27 estimate, 46 weeks worked\)/ });
    const gross = within(table).getByRole('row', { name: /Gross pay/ });
    expect(within(gross).getAllByRole('cell').map((c) => c.textContent)).toEqual(['£16.67', '£750.00', '£34,500.00']);
    // A day: £150 gross; £24,630 ÷ (5 × 46 = 230 days) = £107.09 after running costs.
    expect(screen.getByText(/A day’s work/).textContent).toBe('A day’s work: £150.00 gross, £107.09 after running costs.');
    // £24,630 after costs ÷ 2,070 hours = £11.90, £0.81 below £12.71 (from 1 April 2026).
    expect(screen.getByText(/£11\.90 an hour/)).toBeTruthy();
    expect(screen.getByText(/National Living Wage is/).textContent).toContain('£12.71 an hour from 1 April 2026');
    expect(screen.getByText(/National Living Wage is/).textContent).toContain('£0.81 an hour less');
    const tax = screen.getByRole('table', { name: /Tax on a profit of £24,630.00/ });
    expect(within(within(tax).getByRole('row', { name: /Income Tax at 20%/ })).getByRole('cell').textContent).toBe('£2,412.00');
    // Actual costs (£9,870) beat the mileage allowance (£7,750) and are marked as the better claim.
    const expenses = screen.getByRole('table', { name: /What you could deduct/ });
    expect(within(expenses).getByRole('row', { name: /Actual running costs.*Better/ })).toBeTruthy();
    expect(within(expenses).getByRole('row', { name: /Mileage allowance: 23,000 business miles/ }).textContent).toContain('£7,750.00');
  });

  it('writes every change into the address, so the result can be shared', async () => {
    const user = userEvent.setup();
    renderAt('/pay-estimator', <PayEstimatorPage />);
    // No query: the example round.
    expect(screen.getByLabelText('Vehicle')).toHaveProperty('value', 'van');
    expect(screen.getByLabelText('Rate (£)')).toHaveProperty('value', '1.2');

    const rate = screen.getByLabelText('Rate (£)');
    await user.clear(rate);
    await user.type(rate, '1.5');
    expect(where().pathname).toBe('/pay-estimator');
    expect(where().searchParams.get('rate')).toBe('1.5');
    expect(where().searchParams.get('vehicle')).toBe('van');
    expect(where().searchParams.get('model')).toBe('per_drop');
    // £1.50 × 100 drops × 5 days = £750 a week.
    const gross = within(screen.getByRole('table', { name: /Pay and costs/ })).getByRole('row', { name: /Gross pay/ });
    expect(gross.textContent).toContain('£750.00');

    await user.selectOptions(screen.getByLabelText('Vehicle'), 'bike');
    expect(where().searchParams.get('vehicle')).toBe('bike');
    expect(where().searchParams.has('fuel')).toBe(false);
    expect(screen.queryByLabelText('Fuel economy (miles per gallon)')).toBeNull();

    await user.selectOptions(screen.getByLabelText('How you are paid'), 'per_hour');
    expect(where().searchParams.get('model')).toBe('per_hour');
    expect(where().searchParams.has('drops')).toBe(false);
  });

  it('explains bad input beside the field and shows no estimate', () => {
    renderAt('/pay-estimator?vehicle=van&model=per_drop&rate=-2&days=9', <PayEstimatorPage />);
    expect(screen.getByText("Rate (£) can't be negative")).toBeTruthy();
    expect(screen.getByText('Days worked per week must be at most 7')).toBeTruthy();
    expect(screen.getByLabelText('Rate (£)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Check the highlighted answers to see your estimate.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Pay and costs/ })).toBeNull();
  });

  it('copies a link holding the inputs', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/pay-estimator?vehicle=car&model=per_hour&rate=14', <PayEstimatorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    const copied = new URL(writeText.mock.calls[0][0]);
    expect(copied.searchParams.get('vehicle')).toBe('car');
    expect(copied.searchParams.get('rate')).toBe('14');
    expect(copied.searchParams.get('weeks')).toBe('46');
  });
});

describe('courier guide', () => {
  it('has a table of contents linking to every section, and a last-reviewed date', () => {
    renderAt('/courier-guide-uk', <CourierGuidePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'The UK courier guide' })).toBeTruthy();
    expect(document.title).toBe('Courier Guide UK | Kerbside');
    expect(screen.getByText('22 November 2026').closest('p')?.textContent).toBe('Last reviewed: 22 November 2026');
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(COURIER_GUIDE.sections.map((s) => `#${s.id}`));
    for (const [i, s] of COURIER_GUIDE.sections.entries()) {
      expect(links[i].textContent).toBe(s.heading);
      const heading = screen.getByRole('heading', { level: 2, name: s.heading });
      expect(heading.id).toBe(s.id);
    }
  });

  it('renders tables with column and row headers', () => {
    renderAt('/courier-guide-uk', <CourierGuidePage />);
    const rates = screen.getByRole('table', { name: 'HMRC flat rates per business mile (2026/27)' });
    expect(within(rates).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Vehicle', 'Rate']);
    expect(within(rates).getByRole('rowheader', { name: 'Motorcycles' })).toBeTruthy();
  });
});

describe('privacy policy', () => {
  it('lists every storage key of the consent categories', () => {
    renderAt('/privacy-policy', <PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: PRIVACY.title })).toBeTruthy();
    expect(screen.getByText('22 November 2026').closest('p')?.textContent).toBe('Last updated: 22 November 2026');
    for (const category of ['Essential', 'Analytics', 'Functional', 'Marketing']) {
      expect(screen.getByRole('table', { name: new RegExp(`^${category}:`) })).toBeTruthy();
    }
    const essential = screen.getByRole('table', { name: /^Essential:/ });
    for (const key of ['sid (__Host-sid on HTTPS)', 'cookie_consent, cookie_preferences', 'welcomeBannerDismissed', 'pendingVerificationEmail', 'dismissedBulletins', 'returnTo']) {
      expect(within(essential).getByRole('rowheader', { name: key })).toBeTruthy();
    }
    // The keys the code really uses (a renamed key fails here until the policy says so).
    const analytics = screen.getByRole('table', { name: /^Analytics:/ });
    expect(essential.textContent).toContain(`${CONSENT_KEY}, ${PREFERENCES_KEY}`);
    expect(essential.textContent).toContain(DISMISSED_KEY);
    expect(within(essential).getByRole('rowheader', { name: THEME_KEY })).toBeTruthy();
    for (const key of [SESSION_ID_KEY, SESSION_START_KEY, VITALS_SAMPLED_KEY]) expect(analytics.textContent).toContain(key);
    expect(screen.getByRole('table', { name: /^Marketing:/ }).textContent).toContain('Not used at present');
    for (const a of screen.getAllByRole('link', { name: 'support form' })) expect(a.getAttribute('href')).toBe('/support');
  });
});
