import type { ComponentType } from 'react';
import { lazyNamed, type LazyComponent } from '@/lib/lazy';

// Every page but the shell is its own chunk (spec §2: pages load lazily), so the landing page and
// the forum list carry only what they use. Keys of PAGES are the paths of common/routes.ts. The
// modules come from one glob so that each page also knows its source file: the server names the
// page's chunks in the HTML it renders (modulepreload), so the browser fetches them beside the
// entry instead of after it.

const modules = import.meta.glob<Record<string, ComponentType>>(['./routes/landing.tsx', '../features/*/pages/*-page.tsx']);

/** The source file of a page, as the build's manifest names it (relative to client/). */
export type PageSource = string;
const SOURCES = new Map<LazyComponent<ComponentType>, PageSource>();

function page(file: string, name: string): LazyComponent<ComponentType> {
  const load = modules[file];
  if (!load) throw new Error(`No page module ${file}`);
  const lazy = lazyNamed(load, name);
  SOURCES.set(lazy, `src/${file.replace(/^\.\//, 'app/').replace(/^\.\.\//, '')}`);
  return lazy;
}

/** The manifest key of a page's module (src/…), for the server's preload hints. */
export const pageSource = (lazy: LazyComponent<ComponentType>): PageSource | undefined => SOURCES.get(lazy);

export const LandingPage = page('./routes/landing.tsx', 'LandingPage');
export const ForumPage = page('../features/forum/pages/forum-page.tsx', 'ForumPage');
const PostDetailPage = page('../features/forum/pages/post-detail-page.tsx', 'PostDetailPage');
const NewPostPage = page('../features/forum/pages/new-post-page.tsx', 'NewPostPage');
const BookmarksPage = page('../features/forum/pages/bookmarks-page.tsx', 'BookmarksPage');
const RegisterPage = page('../features/auth/pages/register-page.tsx', 'RegisterPage');
const VerifyEmailPage = page('../features/auth/pages/verify-email-page.tsx', 'VerifyEmailPage');
const ForgotPasswordPage = page('../features/auth/pages/forgot-password-page.tsx', 'ForgotPasswordPage');
const ResetPasswordPage = page('../features/auth/pages/reset-password-page.tsx', 'ResetPasswordPage');
const ProfilePage = page('../features/members/pages/profile-page.tsx', 'ProfilePage');
const PublicProfilePage = page('../features/members/pages/public-profile-page.tsx', 'PublicProfilePage');
const OnboardingPage = page('../features/members/pages/onboarding-page.tsx', 'OnboardingPage');
const UserDirectoryPage = page('../features/directory/pages/user-directory-page.tsx', 'UserDirectoryPage');
const JobPortalPage = page('../features/directory/pages/job-portal-page.tsx', 'JobPortalPage');
const InboxPage = page('../features/chat/pages/inbox-page.tsx', 'InboxPage');
const NotificationPreferencesPage = page('../features/notifications/pages/notification-preferences-page.tsx', 'NotificationPreferencesPage');
const NotificationsPage = page('../features/notifications/pages/notifications-page.tsx', 'NotificationsPage');
const AdminDashboardPage = page('../features/admin/pages/admin-dashboard-page.tsx', 'AdminDashboardPage');
const AdminMembersPage = page('../features/admin/pages/admin-members-page.tsx', 'AdminMembersPage');
const AdminModerationPage = page('../features/admin/pages/admin-moderation-page.tsx', 'AdminModerationPage');
const AdminCategoriesPage = page('../features/admin/pages/admin-categories-page.tsx', 'AdminCategoriesPage');
const AdminSupportPage = page('../features/admin/pages/admin-support-page.tsx', 'AdminSupportPage');
const AdminEmailsPage = page('../features/admin/pages/admin-emails-page.tsx', 'AdminEmailsPage');
const AdminAdsPage = page('../features/admin/pages/admin-ads-page.tsx', 'AdminAdsPage');
const AdminBulletinsPage = page('../features/admin/pages/admin-bulletins-page.tsx', 'AdminBulletinsPage');
const AdminAnalyticsPage = page('../features/admin/pages/admin-analytics-page.tsx', 'AdminAnalyticsPage');
const CourierGuidePage = page('../features/content/pages/courier-guide-page.tsx', 'CourierGuidePage');
const PayEstimatorPage = page('../features/content/pages/pay-estimator-page.tsx', 'PayEstimatorPage');
const TermsPage = page('../features/content/pages/terms-page.tsx', 'TermsPage');
const PrivacyPage = page('../features/content/pages/privacy-page.tsx', 'PrivacyPage');
const GuidelinesPage = page('../features/content/pages/community-guidelines-page.tsx', 'CommunityGuidelinesPage');
const SupportPage = page('../features/support/pages/support-page.tsx', 'SupportPage');
const PayIndexPage = page('../features/pay/pages/pay-index-page.tsx', 'PayIndexPage');
const PayNetworkPage = page('../features/pay/pages/pay-network-page.tsx', 'PayNetworkPage');
const PayReportPage = page('../features/pay/pages/pay-report-page.tsx', 'PayReportPage');
const MyPayReportsPage = page('../features/pay/pages/my-pay-reports-page.tsx', 'MyPayReportsPage');
const TagsPage = page('../features/forum/pages/tags-page.tsx', 'TagsPage');
const TagPage = page('../features/forum/pages/tag-page.tsx', 'TagPage');
const AreasPage = page('../features/forum/pages/areas-page.tsx', 'AreasPage');
const AreaPage = page('../features/forum/pages/area-page.tsx', 'AreaPage');
const AdminPayReportsPage = page('../features/admin/pages/admin-pay-reports-page.tsx', 'AdminPayReportsPage');
const AdminWatchedWordsPage = page('../features/admin/pages/admin-watched-words-page.tsx', 'AdminWatchedWordsPage');

/** '/' is chosen at render time (landing for guests, forum list for members): see routes/home.tsx. */
export const PAGES: Record<string, LazyComponent<ComponentType> | 'home'> = {
  '/': 'home',
  '/forum': ForumPage,
  '/forum/posts/:slug': PostDetailPage,
  '/forum/post/:slug': PostDetailPage,
  '/courier-guide-uk': CourierGuidePage,
  '/pay-estimator': PayEstimatorPage,
  '/pay': PayIndexPage,
  '/pay/report': PayReportPage,
  '/pay/mine': MyPayReportsPage,
  '/pay/:network': PayNetworkPage,
  '/tags': TagsPage,
  '/tags/:slug': TagPage,
  '/areas': AreasPage,
  '/areas/:code': AreaPage,
  '/support': SupportPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/privacy-policy': PrivacyPage,
  '/community-guidelines': GuidelinesPage,
  '/register': RegisterPage,
  '/verify-email': VerifyEmailPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/dashboard': ProfilePage,
  '/profile': ProfilePage,
  '/profile/:username': PublicProfilePage,
  '/directory/users': UserDirectoryPage,
  '/directory/jobs': JobPortalPage,
  '/forum/new': NewPostPage,
  '/onboarding': OnboardingPage,
  '/inbox': InboxPage,
  '/inbox/:id': InboxPage,
  '/settings/notifications': NotificationPreferencesPage,
  '/notifications': NotificationsPage,
  '/bookmarks': BookmarksPage,
  '/admin': AdminDashboardPage,
  '/admin/support': AdminSupportPage,
  '/admin/emails': AdminEmailsPage,
  '/admin/ads': AdminAdsPage,
  '/admin/analytics': AdminAnalyticsPage,
  '/admin/members': AdminMembersPage,
  '/admin/moderation': AdminModerationPage,
  '/admin/categories': AdminCategoriesPage,
  '/admin/bulletins': AdminBulletinsPage,
  '/admin/pay-reports': AdminPayReportsPage,
  '/admin/watched-words': AdminWatchedWordsPage,
  '/admin/tags': page('../features/admin/pages/admin-tags-page.tsx', 'AdminTagsPage'),
};
