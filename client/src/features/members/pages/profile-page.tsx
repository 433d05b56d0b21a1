import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { avatarLabel } from '@common/avatars';
import type { TUser } from '@common/contracts/auth';
import { useUser } from '@/lib/auth';
import { formatMonthYear } from '@/lib/dates';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { getProfileQueryOptions } from '../api/members-api';
import { BlockedMembers } from '../components/blocked-members';
import { ChangeEmailSection } from '../components/change-email-section';
import { ChangePasswordForm } from '../components/change-password-form';
import { CourierProfileForm } from '../components/courier-profile-form';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { DownloadDataButton } from '../components/download-data-button';
import { EditProfileForm } from '../components/edit-profile-form';
import { FollowedLabels } from '../components/followed-labels';
import { SecuritySection } from '../components/security-section';
import { SettingsSection } from '../components/settings-section';
import { SignOutEverywhereDialog } from '../components/sign-out-everywhere-dialog';
import { TrustLevelSection } from '../components/trust-level-section';
import { VerifiedBadgeSection } from '../components/verified-badge-section';

/** The signed-in member's own profile and account settings ('/profile' and '/dashboard'). */
export function ProfilePage() {
  const { user } = useUser();
  // The profile adds the email change waiting for its code; the card never waits for it.
  const profile = useQuery(getProfileQueryOptions());
  const [editing, setEditing] = useState(false);
  const [courier, setCourier] = useState(false);
  const [password, setPassword] = useState(false);
  const [email, setEmail] = useState<boolean | undefined>(undefined);
  if (!user) return null;
  const pendingEmail = profile.data?.pendingEmail ?? null;

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 px-4 py-6 sm:py-10">
      <Head title="Your profile" noindex />
      <ProfileCard user={user} pendingEmail={pendingEmail} />
      {!user.onboarded && (
        <Link to="/onboarding" className={buttonClasses('accent', 'md', 'justify-self-start')}>
          Finish setting up your profile
        </Link>
      )}

      <SettingsSection title="Edit profile" summary="Your names, avatar and status." open={editing} onOpenChange={setEditing}>
        <EditProfileForm user={user} onDone={() => setEditing(false)} />
      </SettingsSection>

      <SettingsSection
        title="Courier profile"
        summary="Your networks, vehicle, postcode area, years on the road and how you are engaged, and who sees each."
        open={courier}
        onOpenChange={setCourier}
      >
        <CourierProfileForm onDone={() => setCourier(false)} />
      </SettingsSection>

      <SettingsSection title="Verified courier badge" summary="Show “Verified courier” beside your name: a moderator checks one photo of your proof.">
        <VerifiedBadgeSection />
      </SettingsSection>

      <SettingsSection title="Followed tags and areas" summary="The tags and postcode areas whose new posts and local alerts you hear of.">
        <FollowedLabels />
      </SettingsSection>

      <SettingsSection title="Change password" open={password} onOpenChange={setPassword}>
        <ChangePasswordForm onDone={() => setPassword(false)} />
      </SettingsSection>

      <SettingsSection title="Passkeys and two-step sign-in" summary="Sign in with your phone’s fingerprint or face, or ask for a code from an app as well as your password.">
        <SecuritySection />
      </SettingsSection>

      <SettingsSection
        title="Change email"
        summary={pendingEmail ? <span className="font-semibold text-ink">Waiting for the code sent to {pendingEmail}</span> : undefined}
        open={email ?? !!pendingEmail}
        onOpenChange={setEmail}
      >
        <ChangeEmailSection currentEmail={user.email} pendingEmail={pendingEmail} onDone={() => setEmail(false)} />
      </SettingsSection>

      <SettingsSection title="Blocked members" summary="Members whose posts and comments are hidden for you, and who cannot message, mention or notify you.">
        <BlockedMembers />
      </SettingsSection>

      <TrustLevelSection />

      <section aria-labelledby="notifications-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
        <h2 id="notifications-title" className="text-lg font-bold">
          Notifications
        </h2>
        <p>Choose what you hear about, on the site, on your phone and by email.</p>
        <Link to="/settings/notifications" className={buttonClasses('secondary', 'md', 'justify-self-start')}>
          Notification preferences
        </Link>
      </section>

      <section aria-labelledby="appearance-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
        <h2 id="appearance-title" className="text-lg font-bold">
          Appearance
        </h2>
        <p>Dark is easier on the eyes in the cab at night. System follows your phone’s own setting. Kept on this device only.</p>
        <ThemeSwitch />
      </section>

      <section aria-labelledby="saved-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
        <h2 id="saved-title" className="text-lg font-bold">
          Saved posts
        </h2>
        <p>The posts you saved to read again, newest saved first.</p>
        <Link to="/bookmarks" className={buttonClasses('secondary', 'md', 'justify-self-start')}>
          Your saved posts
        </Link>
      </section>

      <section aria-labelledby="devices-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
        <h2 id="devices-title" className="text-lg font-bold">
          Your devices
        </h2>
        <p>Lost a phone, or signed in on a shared computer? Sign out on every other device at once. You stay signed in here.</p>
        <SignOutEverywhereDialog />
      </section>

      <section aria-labelledby="your-data-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
        <h2 id="your-data-title" className="text-lg font-bold">
          Your data
        </h2>
        <p>Download everything we hold about you (your profile, posts, comments, votes, reactions, messages, notifications, notification settings and follows) as a JSON file.</p>
        <DownloadDataButton />
      </section>

      <section aria-labelledby="danger-zone-title" className="grid gap-3 rounded-2xl border-2 border-red-300 bg-card p-4 shadow-sm sm:p-5">
        <h2 id="danger-zone-title" className="text-lg font-bold text-red-800">
          Danger zone
        </h2>
        <p>
          Deleting your account removes your profile and signs you out on every device. Your posts and comments stay in the forum,
          shown as 'Anonymous'. This cannot be undone.
        </p>
        <DeleteAccountDialog />
      </section>
    </div>
  );
}

function ProfileCard({ user, pendingEmail }: { user: TUser; pendingEmail: string | null }) {
  return (
    <section aria-labelledby="profile-name" className="grid gap-4 rounded-2xl border border-line bg-card p-4 shadow-sm sm:grid-cols-[auto_1fr] sm:items-start sm:p-5">
      <AvatarIcon avatar={user.avatar} size="lg" />
      <div className="grid min-w-0 gap-1">
        <h1 id="profile-name" className="text-2xl font-extrabold break-words">
          {user.firstName} {user.lastName}
        </h1>
        <p className="font-semibold text-muted">@{user.username}</p>
        <p>{avatarLabel(user.avatar)}</p>
        {user.statusText ? (
          <p className="justify-self-start rounded-lg bg-accent-100 px-2.5 py-1 text-sm font-semibold break-words">{user.statusText}</p>
        ) : (
          <p className="text-sm text-muted">No status yet.</p>
        )}
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted">Email</dt>
            <dd className="font-semibold wrap-anywhere">{user.email}</dd>
            {pendingEmail && <dd className="text-muted wrap-anywhere">Changing to {pendingEmail} (waiting for the code)</dd>}
          </div>
          {user.createdAt && (
            <div>
              <dt className="text-muted">Member since</dt>
              <dd className="font-semibold">{formatMonthYear(user.createdAt)}</dd>
            </div>
          )}
        </dl>
        <p className="mt-2">
          <Link to={`/profile/${encodeURIComponent(user.username)}`} className="link">
            See your public profile
          </Link>
        </p>
      </div>
    </section>
  );
}
