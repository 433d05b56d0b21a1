import { useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { getPendingVerificationEmail } from '@/lib/storage';
import { PRODUCT_NAME } from '@/lib/config';
import { Head } from '@/components/ui/head';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { VerificationForm } from '../components/verification-form';

export function RegisterPage() {
  const navigate = useNavigate();
  // A visitor who registered and came back (or reloaded) goes straight to their code.
  const [verifying, setVerifying] = useState(() => !!getPendingVerificationEmail());

  return (
    <AuthCard>
      <Head title="Join Free" noindex />
      {verifying ? (
        <VerificationForm headingLevel={1} onBack={() => setVerifying(false)} onNeedsSignIn={() => navigate('/')} />
      ) : (
        <>
          <div className="grid gap-2">
            <h1 className="text-2xl font-bold">Join {PRODUCT_NAME} free</h1>
            <p className="text-muted">The community for UK couriers and delivery drivers. Sign up in under 60 seconds.</p>
          </div>
          <RegisterForm onRegistered={() => setVerifying(true)} />
          <p className="text-center text-sm">
            Already a member?{' '}
            <Link to="/" className="link">
              Sign in
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
