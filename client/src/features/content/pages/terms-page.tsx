import { TERMS } from '@common/content/legal';
import { ContentPageView } from '../components/content-page-view';

export function TermsPage() {
  return <ContentPageView page={TERMS} />;
}
