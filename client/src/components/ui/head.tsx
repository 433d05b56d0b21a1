import { PRODUCT_NAME } from '@/lib/config';
import { useHydrated } from '@/lib/hydrated';

/**
 * Page title (and robots) through React 19's document metadata hoisting. The server writes the first
 * page's head itself (server/seo), so this speaks only once the browser has the page.
 */
export function Head({ title, noindex }: { title?: string; noindex?: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const full = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME}: the community for UK couriers and delivery drivers`;
  return (
    <>
      <title>{full}</title>
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
