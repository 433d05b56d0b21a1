import { COURIER_GUIDE } from '@common/content/courier-guide';
import { ContentPageView } from '../components/content-page-view';

export function CourierGuidePage() {
  return <ContentPageView page={COURIER_GUIDE} />;
}
