import { PRODUCT_NAME } from '@/lib/config';

/** Page title (and robots) through React 19's document metadata hoisting. */
export function Head({ title, noindex }: { title?: string; noindex?: boolean }) {
  const full = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME}: the community for UK couriers and delivery drivers`;
  return (
    <>
      <title>{full}</title>
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
