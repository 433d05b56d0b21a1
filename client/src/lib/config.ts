/** The product name shown everywhere ('{product}' in the spec). */
export const PRODUCT_NAME = 'Kerbside';
