import { useNavigate } from '@/lib/router';
import { Head } from '@/components/ui/head';
import { AuthCard } from '../components/auth-card';
import { VerificationForm } from '../components/verification-form';

export function VerifyEmailPage() {
  const navigate = useNavigate();
  return (
    <AuthCard>
      <Head title="Verify your email" noindex />
      <VerificationForm headingLevel={1} onBack={() => navigate('/')} onNeedsSignIn={() => navigate('/')} />
    </AuthCard>
  );
}
