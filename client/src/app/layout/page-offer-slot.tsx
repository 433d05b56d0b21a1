/** Where an offer to the member (push notifications) appears: the top of the page's content, in its flow. */
export const PAGE_OFFER_SLOT = 'page-offer';

export function PageOfferSlot() {
  return <div id={PAGE_OFFER_SLOT} />;
}
