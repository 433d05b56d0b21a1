import { expect, type Page } from '@playwright/test';

// Dark mode (issue 30, item 1) in the browser: the page colour each theme paints (index.css
// --color-page), and the theme switch in the footer.

export const PAGE_COLOUR = { light: 'rgb(246, 247, 249)', dark: 'rgb(11, 19, 33)' } as const;

/** The colour <body> is painted now. */
export const bodyColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Chooses System, Light or Dark with the footer's switch, as a reader does. */
export async function chooseTheme(page: Page, theme: 'System' | 'Light' | 'Dark') {
  const radio = page.getByRole('contentinfo').getByRole('radio', { name: theme });
  await radio.check();
  await expect(radio).toBeChecked();
}

/** The page is painted in this theme's colours. */
export async function expectTheme(page: Page, theme: keyof typeof PAGE_COLOUR) {
  await expect.poll(() => bodyColour(page)).toBe(PAGE_COLOUR[theme]);
}
