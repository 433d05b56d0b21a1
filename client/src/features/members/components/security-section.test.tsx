import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSecurity } from '@common/contracts/sign-in';
import { SIGN_IN_MSG } from '@common/rules/sign-in';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { SAVE_CODES_FIRST } from './recovery-codes';
import { SecuritySection } from './security-section';

// Issue 33 part 3: "Passkeys and two-step sign-in" in the member's settings.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const OFF: TSecurity = { passkeys: [], twoStep: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, rememberedDevices: 0 } };
const ON: TSecurity = {
  passkeys: [],
  twoStep: { enabled: true, enabledAt: '2026-06-01T09:00:00.000Z', recoveryCodesLeft: 10, required: false, rememberedDevices: 2 },
};
const PHONE = { id: 4, name: 'My phone', createdAt: '2026-05-02T09:00:00.000Z', lastUsedAt: '2026-06-03T18:30:00.000Z', synced: true };
const LAPTOP = { id: 5, name: 'Work laptop', createdAt: '2026-05-20T09:00:00.000Z', lastUsedAt: null, synced: false };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="white" width="10" height="10"/></svg>';
const CODES = ['abcde-12345', 'fghjk-67890', 'mnpqr-23456', 'stvwx-34567', 'yz012-45678', '3456a-bcdef', '789gh-jkmnp', 'qrstv-wxyz0', '12345-67890', 'abcde-fghjk'];

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

function renderSection(answer: (c: ApiCall) => { status?: number; body: unknown }) {
  const calls = stubApi(answer);
  const { queryClient } = renderWithProviders(<SecuritySection />);
  queryClient.setQueryData(USER_QUERY_KEY, testUser());
  return calls;
}

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

describe('SecuritySection, two-step sign-in', () => {
  it('off: offers to turn it on; no passkeys yet, and none to add where the browser cannot make them', async () => {
    renderSection(() => ({ body: OFF }));
    expect(await screen.findByRole('button', { name: 'Turn on two-step sign-in' })).toBeTruthy();
    expect(screen.getByText(/Two-step sign-in is off/)).toBeTruthy();
    expect(screen.getByText('No passkeys yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByText(/This browser cannot make passkeys/)).toBeTruthy();
  });

  it('on: since when, the codes left, the remembered devices (forgotten on request) and the way to turn it off', async () => {
    let security = ON;
    const calls = renderSection((c) => {
      if (c.path === '/api/profile/two-step/forget-devices') {
        security = { ...ON, twoStep: { ...ON.twoStep, rememberedDevices: 0 } };
        return { body: { message: SIGN_IN_MSG.devicesForgotten } };
      }
      return { body: security };
    });
    expect(await screen.findByText('Two-step sign-in is on')).toBeTruthy();
    expect(screen.getByText('On since 1 Jun 2026')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
    expect(screen.getByText('2 remembered devices')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make new recovery codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeTruthy();
    expect(screen.queryByText(SIGN_IN_MSG.adminsKeepTwoStep)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Forget remembered devices' }));
    expect(await screen.findByText('No remembered devices')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/profile/two-step/forget-devices' }]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: SIGN_IN_MSG.devicesForgotten, variant: 'success' }));
    expect(screen.queryByRole('button', { name: 'Forget remembered devices' })).toBeNull();
  });

  it('an admin keeps it on: no way to turn it off, and the reason instead', async () => {
    renderSection(() => ({ body: { ...ON, twoStep: { ...ON.twoStep, required: true, rememberedDevices: 0 } } }));
    expect(await screen.findByText(SIGN_IN_MSG.adminsKeepTwoStep)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Forget remembered devices' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Make new recovery codes' })).toBeTruthy();
  });

  it('turns on in three steps: the password, the QR code as an image and the first code, then the recovery codes saved', async () => {
    const u = userEvent.setup();
    let security = OFF;
    const calls = renderSection((c) => {
      if (c.path === '/api/profile/two-step/setup') {
        const right = (c.body as { password: string }).password === 'Van@Route123';
        return right
          ? { body: { secret: SECRET, otpauthUrl: `otpauth://totp/Kerbside:sam%40example.com?secret=${SECRET}`, qrSvg: QR } }
          : { status: 400, body: { message: 'Current password is incorrect', errors: { password: 'Current password is incorrect' } } };
      }
      if (c.path === '/api/profile/two-step/confirm') {
        security = ON;
        return { body: { message: SIGN_IN_MSG.twoStepOn, recoveryCodes: CODES } };
      }
      return { body: security };
    });
    await u.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step sign-in' });

    // 1. The password, a wrong one told on its field.
    await u.type(within(dialog).getByLabelText('Password'), 'Wrong@Pass1');
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Current password is incorrect', { selector: '[role=alert]' })).toBeTruthy();
    await u.clear(within(dialog).getByLabelText('Password'));
    await u.type(within(dialog).getByLabelText('Password'), 'Van@Route123');
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // 2. The QR code as an image (never as markup), the key in fours, and the app's code.
    const qr = (await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })) as HTMLImageElement;
    expect(qr.tagName).toBe('IMG');
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(QR)}`);
    expect(dialog.querySelector('svg rect')).toBeNull();
    expect(within(dialog).getByTestId('two-step-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(within(dialog).getByText(/Scan this with an authenticator app/)).toBeTruthy();
    await u.type(within(dialog).getByLabelText('Code from your authenticator app'), '12345');
    await u.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(SIGN_IN_MSG.codeFormat, { selector: '[role=alert]' })).toBeTruthy();
    await u.type(within(dialog).getByLabelText('Code from your authenticator app'), '6');
    await u.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    // 3. The recovery codes, saved before the dialog goes.
    const saveDialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(saveDialog).getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(within(saveDialog).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(saveDialog).getByRole('button', { name: 'Download codes' })).toBeTruthy();
    const done = within(saveDialog).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    await u.keyboard('{Escape}');
    expect(await within(saveDialog).findByText(SAVE_CODES_FIRST)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeTruthy();
    // Meanwhile the settings read it is on (behind the dialog).
    expect(await screen.findByText('Two-step sign-in is on', { selector: 'p' })).toBeTruthy();

    await u.click(within(saveDialog).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await u.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/profile/two-step/setup', body: { password: 'Wrong@Pass1' } },
      { method: 'POST', path: '/api/profile/two-step/setup', body: { password: 'Van@Route123' } },
      { method: 'POST', path: '/api/profile/two-step/confirm', body: { code: '123456' } },
    ]);
  });

  it('turns off with the password and a recovery code', async () => {
    const u = userEvent.setup();
    const calls = renderSection((c) => (c.path === '/api/profile/two-step/disable' ? { body: { message: SIGN_IN_MSG.twoStepOff } } : { body: ON }));
    await u.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await u.type(within(dialog).getByLabelText('Password'), 'Van@Route123');
    await u.type(within(dialog).getByLabelText('Code from your app, or a recovery code'), 'ABCDE 12345');
    await u.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/profile/two-step/disable', body: { password: 'Van@Route123', code: 'abcde12345' } }]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: SIGN_IN_MSG.twoStepOff, variant: 'success' }));
  });

  it('makes new recovery codes with the password and the app’s code, a wrong code told on its field', async () => {
    const u = userEvent.setup();
    let tries = 0;
    renderSection((c) => {
      if (c.path !== '/api/profile/two-step/recovery-codes') return { body: ON };
      return ++tries === 1
        ? { status: 400, body: { message: SIGN_IN_MSG.codeWrong, errors: { code: SIGN_IN_MSG.codeWrong } } }
        : { body: { message: SIGN_IN_MSG.newRecoveryCodes, recoveryCodes: CODES } };
    });
    await u.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    await u.type(within(dialog).getByLabelText('Password'), 'Van@Route123');
    await u.type(within(dialog).getByLabelText('Code from your authenticator app'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByText(SIGN_IN_MSG.codeWrong, { selector: '[role=alert]' })).toBeTruthy();
    await u.clear(within(dialog).getByLabelText('Code from your authenticator app'));
    await u.type(within(dialog).getByLabelText('Code from your authenticator app'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    const saveDialog = await screen.findByRole('dialog', { name: 'Save your new recovery codes' });
    expect(within(saveDialog).getAllByRole('listitem')).toHaveLength(10);
  });
});

describe('SecuritySection, passkeys', () => {
  it('lists each passkey: when added, when last used (or never), synced or not; renames and removes', async () => {
    const u = userEvent.setup();
    let passkeys = [LAPTOP, PHONE];
    const calls = renderSection((c) => {
      if (c.method === 'PATCH') {
        passkeys = passkeys.map((p) => (p.id === 4 ? { ...p, name: 'Van phone' } : p));
        return { body: { message: SIGN_IN_MSG.passkeyRenamed, passkey: passkeys[1] } };
      }
      if (c.method === 'DELETE') {
        passkeys = passkeys.filter((p) => p.id !== 5);
        return { body: { message: SIGN_IN_MSG.passkeyRemoved } };
      }
      return { body: { ...OFF, passkeys } };
    });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [laptop, phone] = within(list).getAllByRole('listitem');
    expect(laptop.textContent).toContain('Work laptop');
    expect(laptop.textContent).toContain('Added 20 May 2026 · Never used');
    expect(laptop.textContent).not.toContain('Synced');
    expect(phone.textContent).toContain('Added 2 May 2026 · Last used 3 Jun 2026');
    expect(phone.textContent).toContain('Synced to your other devices');

    await u.click(within(phone).getByRole('button', { name: 'Rename My phone' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(rename).getByLabelText('Passkey name') as HTMLInputElement;
    expect(name.value).toBe('My phone');
    await u.clear(name);
    await u.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(rename).findByText(SIGN_IN_MSG.passkeyNameRequired)).toBeTruthy();
    await u.type(name, 'Van phone');
    await u.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Van phone')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await u.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.queryByText('Work laptop')).toBeNull());
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: '/api/profile/passkeys/4', body: { name: 'Van phone' } },
      { method: 'DELETE', path: '/api/profile/passkeys/5' },
    ]);
  });

  it('adds a passkey: a name and the password, then the browser makes it; a wrong password is told on its field', async () => {
    const u = userEvent.setup();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const bytes = (text: string) => new TextEncoder().encode(text).buffer;
    const create = vi.fn(async () => ({
      id: 'bmV3',
      rawId: bytes('new'),
      type: 'public-key',
      response: { clientDataJSON: bytes('{}'), attestationObject: bytes('att'), getTransports: () => ['internal'] },
      getClientExtensionResults: () => ({}),
      authenticatorAttachment: 'platform',
    }));
    Object.defineProperty(navigator, 'credentials', { value: { create }, configurable: true });
    const options = { challenge: 'Y2g', rp: { name: 'Kerbside', id: 'localhost' }, user: { id: 'dXNlcg', name: 'sam', displayName: 'Sam Driver' }, pubKeyCredParams: [{ alg: -7, type: 'public-key' }] };
    const calls = renderSection((c) => {
      if (c.path === '/api/profile/passkeys/options') {
        return (c.body as { password: string }).password === 'Van@Route123'
          ? { body: { options } }
          : { status: 400, body: { message: 'Current password is incorrect', errors: { password: 'Current password is incorrect' } } };
      }
      if (c.path === '/api/profile/passkeys') return { status: 201, body: { message: SIGN_IN_MSG.passkeyAdded, passkey: { ...PHONE, lastUsedAt: null } } };
      return { body: OFF };
    });
    try {
      await u.click(await screen.findByRole('button', { name: 'Add a passkey' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
      await u.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
      expect(await within(dialog).findByText(SIGN_IN_MSG.passkeyNameRequired)).toBeTruthy();
      expect(within(dialog).getByText('Password is required')).toBeTruthy();
      await u.type(within(dialog).getByLabelText('Passkey name'), 'My phone');
      await u.type(within(dialog).getByLabelText('Password'), 'Wrong@Pass1');
      await u.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
      expect(await within(dialog).findByText('Current password is incorrect', { selector: '[role=alert]' })).toBeTruthy();
      expect(create).not.toHaveBeenCalled();

      await u.clear(within(dialog).getByLabelText('Password'));
      await u.type(within(dialog).getByLabelText('Password'), 'Van@Route123');
      await u.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(create).toHaveBeenCalledTimes(1);
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: SIGN_IN_MSG.passkeyAdded, variant: 'success' }));
      const added = writes(calls).at(-1)!;
      expect(added.path).toBe('/api/profile/passkeys');
      expect(added.body).toMatchObject({ name: 'My phone', response: { id: 'bmV3', rawId: 'bmV3', type: 'public-key' } });
    } finally {
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });
});
