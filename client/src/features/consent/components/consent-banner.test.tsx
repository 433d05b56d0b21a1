import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCEPT_ALL, getConsent, saveConsent } from '@/lib/consent';
import { renderWithProviders } from '@/test/render';
import { BANNER_DELAY_MS, ConsentHost } from './consent-host';
import { CookieSettingsDialog } from './cookie-settings-dialog';

// Spec §2 Cookie consent and §4 Consent: the banner 2 s after load with no stored choice; every
// choice is stored, hides the banner and applies at once.

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(url === '/api/site-config' ? Response.json({ appName: 'Kerbside', gtmId: null, adsenseClient: null }) : new Response(null, { status: 204 })),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const findBanner = () => screen.findByRole('region', { name: 'Cookie consent' }, { timeout: 5000 });

describe('consent banner', () => {
  it('appears 2 s after load when no choice is stored', async () => {
    vi.useFakeTimers();
    renderWithProviders(<ConsentHost />);
    await act(() => vi.advanceTimersByTimeAsync(BANNER_DELAY_MS - 10));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    vi.useRealTimers();
    const banner = await findBanner();
    expect([...banner.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Customize', 'Essential Only', 'Accept All']);
    // On a narrow phone a third of the width is too narrow for 'Essential Only' on one line: labels may wrap (issue 18).
    for (const b of banner.querySelectorAll('button')) expect(b.firstElementChild?.className).toMatch(/\bwhitespace-normal\b/);
  });

  it('never appears once a choice is stored', async () => {
    saveConsent({ analytics: false, functional: true, marketing: false });
    renderWithProviders(<ConsentHost />);
    await new Promise((r) => setTimeout(r, BANNER_DELAY_MS + 300));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Essential Only stores the three optional kinds off and hides the banner', async () => {
    renderWithProviders(<ConsentHost />);
    await userEvent.click(await findBanner().then((b) => b.querySelector<HTMLButtonElement>('button:nth-of-type(2)')!));
    expect(getConsent()).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });
    expect(localStorage.getItem('cookie_consent')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Accept All stores all four on and hides the banner', async () => {
    renderWithProviders(<ConsentHost />);
    await findBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(getConsent()).toEqual(ACCEPT_ALL);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Customize: Cookie Preferences with Essential locked on; Save Preferences stores the switches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConsentHost />);
    await findBanner();
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' }, { timeout: 5000 });
    const essential = screen.getByRole('switch', { name: 'Essential' });
    expect(essential.getAttribute('aria-checked')).toBe('true');
    expect((essential as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.textContent).toMatch(/enables live chat/i);
    expect(dialog.textContent).toMatch(/currently not used/i);
    // Functional says what it gates (chat-center.tsx: the floating windows) and promises nothing it does
    // not: the new-message alerts come whatever it is (issue 18).
    const functional = document.getElementById(screen.getByRole('switch', { name: 'Functional' }).getAttribute('aria-describedby')!)!;
    expect(functional.textContent).toMatch(/floating window/);
    expect(functional.textContent).toMatch(/new-message alerts come either way/);
    expect(functional.textContent).not.toMatch(/pop-up/i);
    await user.click(screen.getByRole('switch', { name: 'Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(getConsent()).toEqual({ necessary: true, analytics: true, marketing: false, functional: false });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});

function FooterHarness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cookie Settings
      </button>
      <CookieSettingsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('footer Cookie Settings', () => {
  it('shows the stored choice; Cancel keeps it, Save Preferences changes it', async () => {
    const user = userEvent.setup();
    saveConsent({ analytics: false, functional: true, marketing: false });
    renderWithProviders(<FooterHarness />);
    await screen.findByRole('dialog', { name: 'Cookie Settings' });
    expect(screen.getByRole('switch', { name: 'Functional' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('switch', { name: 'Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getConsent()).toEqual({ necessary: true, analytics: false, marketing: false, functional: true });

    await user.click(screen.getByRole('button', { name: 'Cookie Settings' }));
    await screen.findByRole('dialog', { name: 'Cookie Settings' });
    expect(screen.getByRole('switch', { name: 'Marketing' }).getAttribute('aria-checked'), 'reopened from the stored choice').toBe('false');
    await user.click(screen.getByRole('switch', { name: 'Functional' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getConsent()).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });
  });
});
