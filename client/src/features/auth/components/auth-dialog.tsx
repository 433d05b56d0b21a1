import { useState } from 'react';
import { Link } from '@/lib/router';
import { Tabs } from 'radix-ui';
import { closeAuthDialog, setAuthDialogTab, useAuthDialog, type AuthDialogTab } from '@/lib/auth-dialog';
import { getPendingVerificationEmail } from '@/lib/storage';
import { PRODUCT_NAME } from '@/lib/config';
import { Modal } from '@/components/ui/dialog';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { VerificationForm } from './verification-form';

// Equal halves while both labels fit, one tab a row when they do not (large text on a small phone).
const tabClasses =
  'min-h-11 min-w-fit flex-1 rounded-lg px-3 font-semibold text-muted data-[state=active]:bg-card data-[state=active]:text-ink data-[state=active]:shadow';

/** Spec §2: the auth dialog with Sign In and Register tabs; verification shows inline. */
export function AuthDialog() {
  const { open, tab } = useAuthDialog();
  const [verifying, setVerifying] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (!next) {
      closeAuthDialog();
      setVerifying(false);
    }
  };
  const backTo = (t: AuthDialogTab) => {
    setVerifying(false);
    setAuthDialogTab(t);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={verifying ? 'Verify your email' : tab === 'register' ? `Join ${PRODUCT_NAME}` : `Sign in to ${PRODUCT_NAME}`}
      hideTitle={verifying}
    >
      {verifying ? (
        <VerificationForm
          onBack={() => backTo('register')}
          onNeedsSignIn={() => backTo('signin')}
          onSignedIn={() => onOpenChange(false)}
        />
      ) : (
        <Tabs.Root value={tab} onValueChange={(v) => setAuthDialogTab(v as AuthDialogTab)}>
          <Tabs.List aria-label="Sign in or register" className="mb-5 flex flex-wrap gap-1 rounded-xl bg-brand-50 p-1">
            <Tabs.Trigger value="signin" className={tabClasses}>
              Sign In
            </Tabs.Trigger>
            <Tabs.Trigger value="register" className={tabClasses}>
              Register
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="signin" className="grid gap-4">
            <LoginForm
              idPrefix="dialog-login"
              stayOnPage
              onSuccess={() => onOpenChange(false)}
              onVerificationRequired={() => setVerifying(true)}
            />
            <p className="flex flex-wrap justify-between gap-2 text-sm">
              <Link to="/forgot-password" onClick={() => onOpenChange(false)} className="link">
                Forgot password?
              </Link>
              {getPendingVerificationEmail() && (
                <button type="button" className="link" onClick={() => setVerifying(true)}>
                  Enter your verification code
                </button>
              )}
            </p>
          </Tabs.Content>
          <Tabs.Content value="register" className="grid gap-4">
            <p className="text-muted">Free for every UK courier and driver. Sign up in under 60 seconds.</p>
            <RegisterForm idPrefix="dialog-register" onRegistered={() => setVerifying(true)} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Modal>
  );
}
