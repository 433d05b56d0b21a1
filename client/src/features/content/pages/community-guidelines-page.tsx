import { COMMUNITY_GUIDELINES } from '@common/content/legal';
import { ContentPageView } from '../components/content-page-view';

export function CommunityGuidelinesPage() {
  return <ContentPageView page={COMMUNITY_GUIDELINES} />;
}
