import { PRIVACY } from '@common/content/legal';
import { ContentPageView } from '../components/content-page-view';

/** '/privacy' and '/privacy-policy' (the same page; the server's canonical URL is '/privacy'). */
export function PrivacyPage() {
  return <ContentPageView page={PRIVACY} />;
}
