import type { ComponentType } from 'react';
import { lazyNamed, type LazyComponent } from '@/lib/lazy';

// Every page but the shell is its own chunk (spec §2: pages load lazily), so the landing page and
// the forum list carry only what they use. Keys are the paths of common/routes.ts.

export const LandingPage = lazyNamed(() => import('./routes/landing'), 'LandingPage');
export const ForumPage = lazyNamed(() => import('@/features/forum/pages/forum-page'), 'ForumPage');

const PostDetailPage = lazyNamed(() => import('@/features/forum/pages/post-detail-page'), 'PostDetailPage');
const NewPostPage = lazyNamed(() => import('@/features/forum/pages/new-post-page'), 'NewPostPage');
const RegisterPage = lazyNamed(() => import('@/features/auth/pages/register-page'), 'RegisterPage');
const VerifyEmailPage = lazyNamed(() => import('@/features/auth/pages/verify-email-page'), 'VerifyEmailPage');
const ForgotPasswordPage = lazyNamed(() => import('@/features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const ProfilePage = lazyNamed(() => import('@/features/members/pages/profile-page'), 'ProfilePage');
const PublicProfilePage = lazyNamed(() => import('@/features/members/pages/public-profile-page'), 'PublicProfilePage');
const OnboardingPage = lazyNamed(() => import('@/features/members/pages/onboarding-page'), 'OnboardingPage');
const UserDirectoryPage = lazyNamed(() => import('@/features/directory/pages/user-directory-page'), 'UserDirectoryPage');
const JobPortalPage = lazyNamed(() => import('@/features/directory/pages/job-portal-page'), 'JobPortalPage');
const InboxPage = lazyNamed(() => import('@/features/chat/pages/inbox-page'), 'InboxPage');
const AdminDashboardPage = lazyNamed(() => import('@/features/admin/pages/admin-dashboard-page'), 'AdminDashboardPage');
const AdminMembersPage = lazyNamed(() => import('@/features/admin/pages/admin-members-page'), 'AdminMembersPage');
const AdminModerationPage = lazyNamed(() => import('@/features/admin/pages/admin-moderation-page'), 'AdminModerationPage');
const AdminCategoriesPage = lazyNamed(() => import('@/features/admin/pages/admin-categories-page'), 'AdminCategoriesPage');
const AdminSupportPage = lazyNamed(() => import('@/features/admin/pages/admin-support-page'), 'AdminSupportPage');
const AdminEmailsPage = lazyNamed(() => import('@/features/admin/pages/admin-emails-page'), 'AdminEmailsPage');
const AdminAdsPage = lazyNamed(() => import('@/features/admin/pages/admin-ads-page'), 'AdminAdsPage');
const AdminBulletinsPage = lazyNamed(() => import('@/features/admin/pages/admin-bulletins-page'), 'AdminBulletinsPage');
const AdminAnalyticsPage = lazyNamed(() => import('@/features/admin/pages/admin-analytics-page'), 'AdminAnalyticsPage');
const CourierGuidePage = lazyNamed(() => import('@/features/content/pages/courier-guide-page'), 'CourierGuidePage');
const PayEstimatorPage = lazyNamed(() => import('@/features/content/pages/pay-estimator-page'), 'PayEstimatorPage');
const TermsPage = lazyNamed(() => import('@/features/content/pages/terms-page'), 'TermsPage');
const PrivacyPage = lazyNamed(() => import('@/features/content/pages/privacy-page'), 'PrivacyPage');
const GuidelinesPage = lazyNamed(() => import('@/features/content/pages/community-guidelines-page'), 'CommunityGuidelinesPage');
const SupportPage = lazyNamed(() => import('@/features/support/pages/support-page'), 'SupportPage');

/** '/' is chosen at render time (landing for guests, forum list for members): see routes/home.tsx. */
export const PAGES: Record<string, LazyComponent<ComponentType> | 'home'> = {
  '/': 'home',
  '/forum': ForumPage,
  '/forum/posts/:slug': PostDetailPage,
  '/forum/post/:slug': PostDetailPage,
  '/courier-guide-uk': CourierGuidePage,
  '/pay-estimator': PayEstimatorPage,
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
  '/admin': AdminDashboardPage,
  '/admin/support': AdminSupportPage,
  '/admin/emails': AdminEmailsPage,
  '/admin/ads': AdminAdsPage,
  '/admin/analytics': AdminAnalyticsPage,
  '/admin/members': AdminMembersPage,
  '/admin/moderation': AdminModerationPage,
  '/admin/categories': AdminCategoriesPage,
  '/admin/bulletins': AdminBulletinsPage,
};
