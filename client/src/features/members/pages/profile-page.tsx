import { Link } from 'react-router';
import { avatarLabel } from '@common/avatars';
import { useUser } from '@/lib/auth';
import { formatMonthYear } from '@/lib/format';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';

/** The signed-in member's own profile ('/profile' and '/dashboard'). */
export function ProfilePage() {
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-6 sm:py-10">
      <Head title="Your profile" noindex />
      <section className="grid gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm sm:grid-cols-[auto_1fr] sm:items-center">
        <AvatarIcon avatar={user.avatar} size="lg" />
        <div className="grid gap-1">
          <h1 className="text-2xl font-extrabold">
            {user.firstName} {user.lastName}
          </h1>
          <p className="text-muted">@{user.username}</p>
          <p>{avatarLabel(user.avatar)}</p>
          {user.statusText && <p className="italic">“{user.statusText}”</p>}
          {user.createdAt && <p className="text-sm text-muted">Member since {formatMonthYear(user.createdAt)}</p>}
        </div>
      </section>
      <dl className="grid gap-3 rounded-2xl border border-line bg-white p-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">Email</dt>
          <dd className="font-semibold wrap-anywhere">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Email verified</dt>
          <dd className="font-semibold">{user.emailVerified ? 'Yes' : 'Not yet'}</dd>
        </div>
      </dl>
      <p>Editing your profile, your posts and your account settings will be here soon.</p>
      {!user.onboarded && (
        <Link to="/onboarding" className={buttonClasses('accent', 'md', 'justify-self-start')}>
          Finish setting up your profile
        </Link>
      )}
    </div>
  );
}
