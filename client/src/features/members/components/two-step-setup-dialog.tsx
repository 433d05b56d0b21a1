import { useState, type FormEvent, type RefObject } from 'react';
import { SIGN_IN_MSG } from '@common/rules/sign-in';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useTwoStepConfirm, useTwoStepSetup } from '../api/security';
import { copyText } from '@/lib/keep';
import { formFailure, groupSecret, passwordError, readCode, svgDataUrl } from '../lib/sign-in-codes';
import { FormAlert } from './form-alert';
import { RecoveryCodes, SAVE_CODES_FIRST } from './recovery-codes';

type Setup = { secret: string; qrSvg: string };
type Step = { kind: 'password'; notice?: string } | { kind: 'scan'; setup: Setup } | { kind: 'codes'; codes: string[] };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes after: the button that opened it is gone once two-step sign-in is on. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * Turning on two-step sign-in (issue 33 part 3), in three steps: the password → the QR code and its
 * key for the authenticator app, and the app's first code → the recovery codes, shown this once.
 */
export function TwoStepSetupDialog({ open, onOpenChange, returnFocusRef }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [saved, setSaved] = useState(false);
  const [closeError, setCloseError] = useState<string | undefined>();

  const close = () => {
    setStep({ kind: 'password' });
    setSaved(false);
    setCloseError(undefined);
    onOpenChange(false);
  };
  const onModalOpenChange = (next: boolean) => {
    if (next) return onOpenChange(true);
    // Two-step sign-in is on by now: the codes are not shown again, so they are saved first.
    if (step.kind === 'codes' && !saved) return setCloseError(SAVE_CODES_FIRST);
    close();
  };

  return (
    <Modal
      open={open}
      onOpenChange={onModalOpenChange}
      returnFocusRef={returnFocusRef}
      title={step.kind === 'codes' ? 'Save your recovery codes' : 'Turn on two-step sign-in'}
      description={step.kind === 'password' ? 'Each time you sign in with your password, you will also type a code from an app on your phone.' : undefined}
    >
      {step.kind === 'password' && <PasswordStep notice={step.notice} onDone={(setup) => setStep({ kind: 'scan', setup })} onCancel={close} />}
      {step.kind === 'scan' && (
        <ScanStep
          setup={step.setup}
          onDone={(codes) => setStep({ kind: 'codes', codes })}
          onStartAgain={(notice) => setStep({ kind: 'password', notice })}
        />
      )}
      {step.kind === 'codes' && (
        <RecoveryCodes
          codes={step.codes}
          saved={saved}
          onSavedChange={(v) => {
            setSaved(v);
            if (v) setCloseError(undefined);
          }}
          error={closeError}
          onDone={close}
        />
      )}
    </Modal>
  );
}

function PasswordStep({ notice, onDone, onCancel }: { notice?: string; onDone: (setup: Setup) => void; onCancel: () => void }) {
  const setup = useTwoStepSetup();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(notice ?? null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const missing = passwordError(password);
    setError(missing);
    setMessage(null);
    if (missing) return;
    setup.mutate(password, {
      onSuccess: (res) => onDone(res),
      onError: (err) => {
        const failure = formFailure(err, ['password'] as const);
        setError(failure.fields.password);
        setMessage(failure.message);
        toast({ title: 'Could not start two-step sign-in', description: failureText(err), variant: 'destructive' });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        hint="Enter your password to confirm it is you."
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={error}
      />
      <FormAlert message={message} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={setup.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={setup.isPending}>
          {setup.isPending ? 'Checking…' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}

function ScanStep({ setup, onDone, onStartAgain }: { setup: Setup; onDone: (codes: string[]) => void; onStartAgain: (notice: string) => void }) {
  const confirm = useTwoStepConfirm();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);

  const copySecret = async () => {
    try {
      await copyText(setup.secret);
      toast({ title: 'Key copied', description: 'Paste it into your authenticator app.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Could not copy the key. Type it into the app instead.', variant: 'destructive' });
    }
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const read = readCode(typed);
    setMessage(null);
    if ('error' in read) return setError(read.error);
    setError(undefined);
    confirm.mutate(read.code, {
      onSuccess: (res) => {
        toast({ title: 'Two-step sign-in is on', description: res.message, variant: 'success' });
        onDone(res.recoveryCodes);
      },
      onError: (err) => {
        toast({ title: 'Could not turn on two-step sign-in', description: failureText(err), variant: 'destructive' });
        // Set up again elsewhere (another tab) since this QR code was made: this one is dead.
        if (err instanceof ApiError && err.serverMessage === SIGN_IN_MSG.setupFirst) return onStartAgain(SIGN_IN_MSG.setupFirst);
        const failure = formFailure(err, ['code'] as const);
        setError(failure.fields.code);
        setMessage(failure.message);
      },
    });
  }

  return (
    <div className="grid gap-4">
      <p>Scan this with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…), then type the 6-digit code it shows.</p>
      <img src={svgDataUrl(setup.qrSvg)} alt="QR code for your authenticator app" width={208} height={208} className="justify-self-center rounded-lg bg-white" />
      <div className="grid gap-1.5">
        <p className="text-sm text-muted">Cannot scan it? Type this key into the app instead:</p>
        <div className="flex flex-wrap items-center gap-2">
          <code data-testid="two-step-secret" className="rounded-lg border border-line bg-surface px-3 py-2 font-mono text-base break-all">
            {groupSecret(setup.secret)}
          </code>
          <Button variant="secondary" size="sm" onClick={() => void copySecret()}>
            Copy key
          </Button>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Code from your authenticator app"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={error}
        />
        <FormAlert message={message} />
        <Button type="submit" disabled={confirm.isPending} className="sm:justify-self-end">
          {confirm.isPending ? 'Turning on…' : 'Turn on'}
        </Button>
      </form>
    </div>
  );
}
