import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { TSecurity } from '@common/contracts/sign-in';
import { PASSKEYS_MAX, REMEMBER_DEVICE_DAYS, SIGN_IN_MSG } from '@common/rules/sign-in';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { failureText } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { getSecurityQueryOptions, passkeysSupported, useForgetDevices } from '../api/security';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { NewRecoveryCodesDialog } from './new-recovery-codes-dialog';
import { PasskeysList } from './passkeys-list';
import { TurnOffTwoStepDialog } from './turn-off-two-step-dialog';
import { TwoStepSetupDialog } from './two-step-setup-dialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Passkeys and two-step sign-in" in the member's settings (issue 33 part 3): their passkeys, and the
 * authenticator app's codes with recovery codes and remembered devices.
 */
export function SecuritySection() {
  const security = useQuery(getSecurityQueryOptions());
  if (security.isPending) return <Spinner label="Loading your passkeys and two-step sign-in" className="py-6" />;
  if (security.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
        <p>{errorMessage(security.error, 'Your sign-in settings did not load. Check your signal and try again.')}</p>
        <Button variant="secondary" onClick={() => void security.refetch()} disabled={security.isFetching}>
          {security.isFetching ? 'Trying again…' : 'Try Again'}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <Passkeys passkeys={security.data.passkeys} />
      <TwoStep twoStep={security.data.twoStep} />
    </div>
  );
}

function Passkeys({ passkeys }: { passkeys: TSecurity['passkeys'] }) {
  return (
    <section aria-labelledby="passkeys-title" className="grid gap-3">
      <h3 id="passkeys-title" className="text-base font-bold">
        Passkeys
      </h3>
      <p>
        A passkey signs you in with your phone’s fingerprint, face or screen lock instead of your password. Nobody can guess it, and a
        fake site cannot trick you into giving it away.
      </p>
      <PasskeysList passkeys={passkeys} />
      {!passkeysSupported() ? (
        <p className="text-sm text-muted">This browser cannot make passkeys. Try a recent Chrome, Safari, Edge or Firefox.</p>
      ) : passkeys.length >= PASSKEYS_MAX ? (
        <p className="text-sm text-muted">{SIGN_IN_MSG.passkeysFull}</p>
      ) : (
        <AddPasskeyDialog />
      )}
    </section>
  );
}

function TwoStep({ twoStep }: { twoStep: TSecurity['twoStep'] }) {
  const [setupOpen, setSetupOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="two-step-title" className="grid gap-3">
      <h3 id="two-step-title" ref={heading} tabIndex={-1} className="text-base font-bold">
        Two-step sign-in
      </h3>
      {twoStep.enabled ? (
        <TwoStepOn twoStep={twoStep} />
      ) : (
        <>
          <p>
            Two-step sign-in is off. With it on, signing in with your password also asks for a 6-digit code from an authenticator app on
            your phone, so someone who learns your password still cannot get in.
          </p>
          <Button variant="secondary" className="justify-self-start" onClick={() => setSetupOpen(true)}>
            Turn on two-step sign-in
          </Button>
        </>
      )}
      {/* Outside the on/off branches: its last step (the recovery codes) shows after it is on. */}
      <TwoStepSetupDialog open={setupOpen} onOpenChange={setSetupOpen} returnFocusRef={heading} />
    </section>
  );
}

function TwoStepOn({ twoStep }: { twoStep: TSecurity['twoStep'] }) {
  const forget = useForgetDevices();
  const low = twoStep.recoveryCodesLeft <= 3;
  const forgetDevices = () =>
    forget.mutate(undefined, {
      onSuccess: (res) => toast({ title: 'Remembered devices forgotten', description: res.message, variant: 'success' }),
      onError: (err) => toast({ title: 'Could not forget your devices', description: failureText(err), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <p className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-brand-800" />
          Two-step sign-in is on
        </p>
        {twoStep.enabledAt && <p className="text-sm text-muted">On since {formatDate(twoStep.enabledAt)}</p>}
      </div>
      <div className="grid gap-2">
        <p className={low ? 'font-semibold text-red-800' : undefined}>
          {plural(twoStep.recoveryCodesLeft, 'recovery code left', 'recovery codes left')}
          {low && '. Make new ones before you run out.'}
        </p>
        <NewRecoveryCodesDialog />
      </div>
      {!twoStep.required && (
        <div className="grid gap-2">
          <div>
            <p>{twoStep.rememberedDevices === 0 ? 'No remembered devices' : plural(twoStep.rememberedDevices, 'remembered device', 'remembered devices')}</p>
            <p className="text-sm text-muted">A device you tell to remember you is not asked for a code for {REMEMBER_DEVICE_DAYS} days.</p>
          </div>
          {twoStep.rememberedDevices > 0 && (
            <Button variant="secondary" className="justify-self-start" onClick={forgetDevices} disabled={forget.isPending}>
              {forget.isPending ? 'Forgetting…' : 'Forget remembered devices'}
            </Button>
          )}
        </div>
      )}
      {twoStep.required ? <p className="text-sm text-muted">{SIGN_IN_MSG.adminsKeepTwoStep}</p> : <TurnOffTwoStepDialog />}
    </div>
  );
}
