import { Link, useNavigate } from '@/lib/router';
import { buttonClasses } from '@/components/ui/button';
import { LoginForm } from './login-form';

/** The landing page's sign-in panel (spec §2): form, then the ways on for everyone else. */
export function SignInCard({ notice }: { notice?: string }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="sign-in-title" className="grid gap-5 rounded-2xl border border-line bg-card p-5 shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id="sign-in-title" className="text-2xl font-bold">
          Sign in
        </h2>
        {notice ? (
          <p role="status" className="rounded-lg bg-accent-100 p-3 font-semibold text-ink">
            {notice}
          </p>
        ) : (
          <p className="text-muted">Welcome back. Pick up where you left off.</p>
        )}
      </div>
      <LoginForm idPrefix="landing-login" onVerificationRequired={() => navigate('/verify-email')} />
      <ul className="grid gap-2 text-sm">
        <li>
          <Link to="/forgot-password" className="link">
            Forgot password?
          </Link>
        </li>
        <li>
          <Link to="/verify-email" className="link">
            Verify your email
          </Link>
        </li>
      </ul>
      <div className="grid gap-3 border-t border-line pt-4">
        <p className="text-sm text-muted">New to Kerbside?</p>
        <Link to="/register" className={buttonClasses('accent', 'md', 'w-full')}>
          Create an account
        </Link>
        <Link to="/forum" className={buttonClasses('ghost', 'md', 'w-full')}>
          Continue as guest
        </Link>
      </div>
    </section>
  );
}
