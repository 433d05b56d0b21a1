import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ACCEPT_ALL, ESSENTIAL_ONLY, saveConsent } from '@/lib/consent';
import { testAd } from '@/test/ads';
import { renderWithProviders } from '@/test/render';
import { AD_SANDBOX, AdList, AdView } from './ad-frame';

function stubSiteConfig(adsenseClient: string | null) {
  const fetch = vi.fn(async () => Response.json({ appName: 'Kerbside', gtmId: null, adsenseClient }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('AdView', () => {
  it('custom HTML only in a frame sandboxed without scripts or same-origin', () => {
    const { container } = renderWithProviders(<AdView ad={testAd({ adType: 'custom', customHtml: '<b>Fuel</b><script>alert(1)</script>', height: 90 })} />);
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe(AD_SANDBOX);
    expect(AD_SANDBOX.split(' ').sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox']);
    expect(frame.getAttribute('srcdoc')).toContain('<b>Fuel</b>');
    expect(frame.getAttribute('srcdoc')).toContain('<base target="_blank">');
    expect(frame.style.height).toBe('90px');
    // Never in our own document.
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('Advertisement')).toBeTruthy();
  });

  it('a native ad is a card marked Sponsored with a sponsored link', () => {
    renderWithProviders(<AdView ad={testAd({ title: 'Van lease', body: 'From £59 a week', linkUrl: 'https://vans.example/' })} />);
    expect(screen.getByText('Sponsored')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Van lease/ });
    expect(link.getAttribute('href')).toBe('https://vans.example/');
    expect(link.getAttribute('rel')).toBe('sponsored noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('AdSense stays empty without marketing consent, and asks nothing', async () => {
    saveConsent(ESSENTIAL_ONLY);
    const fetch = stubSiteConfig('ca-pub-123');
    const { container } = renderWithProviders(<AdView ad={testAd({ adType: 'adsense', adSlotId: '42' })} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.innerHTML).toBe('');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="googlesyndication"]')).toBeNull();
  });

  it('AdSense stays empty with consent but no ADSENSE_CLIENT', async () => {
    saveConsent(ACCEPT_ALL);
    const fetch = stubSiteConfig(null);
    const { container } = renderWithProviders(<AdView ad={testAd({ adType: 'adsense', adSlotId: '42' })} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('script[src*="googlesyndication"]')).toBeNull();
  });

  it('AdSense with consent and ADSENSE_CLIENT: the unit and its script', async () => {
    saveConsent(ACCEPT_ALL);
    stubSiteConfig('ca-pub-123');
    const { container } = renderWithProviders(<AdView ad={testAd({ adType: 'adsense', adSlotId: '42' })} />);
    await vi.waitFor(() => expect(container.querySelector('ins.adsbygoogle')).not.toBeNull());
    const ins = container.querySelector('ins.adsbygoogle')!;
    expect(ins.getAttribute('data-ad-client')).toBe('ca-pub-123');
    expect(ins.getAttribute('data-ad-slot')).toBe('42');
    expect(document.querySelector('script[src*="googlesyndication"]')?.getAttribute('src')).toContain('client=ca-pub-123');
  });
});

describe('AdList', () => {
  it('a broken ad disappears (logged) and the others still show', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A native ad that throws while it renders (here: reading its title).
    const broken = testAd({ id: 2, linkUrl: 'https://x.example/' });
    Object.defineProperty(broken, 'title', {
      get() {
        throw new Error('a broken ad');
      },
    });
    renderWithProviders(<AdList ads={[broken, testAd({ id: 3, title: 'Still here', linkUrl: 'https://y.example/' })]} />);
    expect(screen.getByRole('link', { name: /Still here/ })).toBeTruthy();
    expect(screen.getAllByText('Sponsored')).toHaveLength(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
