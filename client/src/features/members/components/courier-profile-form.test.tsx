import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCourierProfile } from '@common/contracts/courier';
import { COURIER_MSG } from '@common/rules/courier';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { CourierProfileForm } from './courier-profile-form';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const saved: TCourierProfile = {
  networks: ['evri'],
  networksVisibility: 'everyone',
  vehicle: 'van',
  vehicleVisibility: 'nobody',
  area: 'LS',
  areaVisibility: 'members',
  yearsOnRoad: 6,
  yearsVisibility: 'members',
  engagement: null,
  engagementVisibility: 'members',
};

const empty: TCourierProfile = {
  networks: [],
  networksVisibility: 'members',
  vehicle: null,
  vehicleVisibility: 'members',
  area: null,
  areaVisibility: 'members',
  yearsOnRoad: null,
  yearsVisibility: 'members',
  engagement: null,
  engagementVisibility: 'members',
};

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

const selectValue = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;

describe('CourierProfileForm', () => {
  it('loads the profile into the form, each field with who sees it', async () => {
    const calls = stubApi(() => ({ body: saved }));
    renderWithProviders(<CourierProfileForm onDone={() => {}} />);
    const evri = await screen.findByRole('checkbox', { name: 'Evri' });
    expect(calls).toEqual([{ method: 'GET', path: '/api/profile/courier' }]);
    expect((evri as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'DPD' }) as HTMLInputElement).checked).toBe(false);
    expect(selectValue('Vehicle')).toBe('van');
    expect(selectValue('Home postcode area')).toBe('LS');
    expect((screen.getByLabelText('Years on the road') as HTMLInputElement).value).toBe('6');
    expect(selectValue('How you are engaged')).toBe('');
    // Each "Who sees this" is named after its item for a screen reader.
    expect(selectValue('Who sees this: Networks you work for')).toBe('everyone');
    expect(selectValue('Who sees this: Vehicle')).toBe('nobody');
    expect(selectValue('Who sees this: Home postcode area')).toBe('members');
    expect(screen.getByText('The letters of your postcode area only, never your full postcode', { exact: false })).toBeTruthy();
    // The choices, said once at the top.
    expect(screen.getByText(/guests too, and beside your posts and comments/)).toBeTruthy();
    expect(screen.getByText(/signed-in members with a verified email/)).toBeTruthy();
    expect(screen.getByText(/A directory filter never matches it/)).toBeTruthy();
  });

  it('saves the whole profile with PUT, says so in a toast and closes', async () => {
    const calls = stubApi((c) => ({ body: c.method === 'PUT' ? c.body : empty }));
    const onDone = vi.fn();
    renderWithProviders(<CourierProfileForm onDone={onDone} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Evri' }));
    await user.click(screen.getByRole('checkbox', { name: 'DPD' }));
    await user.selectOptions(screen.getByLabelText('Who sees this: Networks you work for'), 'Everyone');
    await user.selectOptions(screen.getByLabelText('Vehicle'), 'Van (petrol or diesel)');
    await user.selectOptions(screen.getByLabelText('Who sees this: Vehicle'), 'Only me');
    await user.selectOptions(screen.getByLabelText('Home postcode area'), 'LS');
    await user.type(screen.getByLabelText('Years on the road'), '6');
    await user.selectOptions(screen.getByLabelText('How you are engaged'), 'Owner driver');
    await user.click(screen.getByRole('button', { name: 'Save courier profile' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/profile/courier',
      body: {
        networks: ['evri', 'dpd'],
        networksVisibility: 'everyone',
        vehicle: 'van',
        vehicleVisibility: 'nobody',
        area: 'LS',
        areaVisibility: 'members',
        yearsOnRoad: 6,
        yearsVisibility: 'members',
        engagement: 'owner_driver',
        engagementVisibility: 'members',
      },
    });
    expect(toast).toHaveBeenCalledWith({ title: COURIER_MSG.saved, variant: 'success' });
  });

  it('clears a field set back to "Not set" or emptied (the PUT replaces the whole profile)', async () => {
    const calls = stubApi((c) => ({ body: c.method === 'PUT' ? c.body : saved }));
    renderWithProviders(<CourierProfileForm onDone={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Evri' }));
    await user.selectOptions(screen.getByLabelText('Vehicle'), 'Not set');
    await user.clear(screen.getByLabelText('Years on the road'));
    await user.click(screen.getByRole('button', { name: 'Save courier profile' }));
    await waitFor(() => expect(calls.at(-1)?.method).toBe('PUT'));
    expect(calls.at(-1)?.body).toEqual({ ...saved, networks: [], vehicle: null, yearsOnRoad: null });
  });

  it(`allows at most 6 networks, and says so`, async () => {
    stubApi(() => ({ body: empty }));
    renderWithProviders(<CourierProfileForm onDone={() => {}} />);
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Networks you work for' });
    expect(within(group).getByText('Choose up to 6. 0 chosen.')).toBeTruthy();
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    for (const box of boxes.slice(0, 6)) await user.click(box);
    expect(within(group).getByText('You have chosen 6, the most you can. Untick one to choose another.')).toBeTruthy();
    expect(boxes.slice(6).every((b) => b.disabled)).toBe(true);
    await user.click(boxes[0]!);
    expect(boxes.some((b) => b.disabled)).toBe(false);
  });

  it("checks the years before sending, with the server's message", async () => {
    const calls = stubApi(() => ({ body: empty }));
    renderWithProviders(<CourierProfileForm onDone={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Years on the road'), '61');
    await user.click(screen.getByRole('button', { name: 'Save courier profile' }));
    expect(await screen.findByText(COURIER_MSG.yearsInvalid, { selector: '[role=alert]' })).toBeTruthy();
    expect(screen.getByLabelText('Years on the road').getAttribute('aria-invalid')).toBe('true');
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it("shows a 400's message on its field, or on the form when it names none", async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { message: COURIER_MSG.areaInvalid, errors: { area: COURIER_MSG.areaInvalid } } };
    stubApi((c) => (c.method === 'PUT' ? answer : { body: saved }));
    const onDone = vi.fn();
    renderWithProviders(<CourierProfileForm onDone={onDone} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save courier profile' }));
    expect(await screen.findByText(COURIER_MSG.areaInvalid, { selector: '[role=alert]' })).toBeTruthy();
    expect(screen.getByLabelText('Home postcode area').getAttribute('aria-invalid')).toBe('true');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: COURIER_MSG.areaInvalid, variant: 'destructive' }));

    answer = { status: 400, body: { message: 'Invalid request' } };
    await user.click(screen.getByRole('button', { name: 'Save courier profile' }));
    expect(await screen.findByText('Invalid request', { selector: '[role=alert]' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
