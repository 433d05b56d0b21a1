import { ForumPage, LandingPage } from '../pages';

/** Spec §2: '/' is the landing page for guests and the forum list for members. */
export function HomeRoute({ signedIn }: { signedIn: boolean }) {
  return signedIn ? <ForumPage /> : <LandingPage />;
}
