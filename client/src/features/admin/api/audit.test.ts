import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel } from './audit';

// The audit log's words for an admin's tag changes (issue 32): the entry then reads "@admin created tag #12".

describe('actionLabel for tags', () => {
  it.each([
    ['tag.create', 'created'],
    ['tag.update', 'edited'],
    ['tag.delete', 'deleted'],
  ])('%s reads "%s"', (action, label) => expect(actionLabel(action)).toBe(label));
});

// Issue 33 part 3: a staff account's own sign-in factors; the entry reads "@sam turned on two-step sign-in for @sam".
describe('actionLabel and actorLabel for sign-in factors', () => {
  it.each([
    ['account.two_step_on', 'turned on two-step sign-in for'],
    ['account.two_step_off', 'turned off two-step sign-in for'],
    ['account.recovery_codes_new', 'made new recovery codes for'],
    ['account.recovery_code_used', 'used a recovery code of'],
    ['account.devices_forget', 'forgot the remembered devices of'],
    ['account.passkey_add', 'added a passkey to'],
    ['account.passkey_remove', 'removed a passkey from'],
    ['account.second_step_locked', 'locked sign-in, after wrong codes, for'],
  ])('%s reads "%s"', (action, label) => expect(actionLabel(action)).toBe(label));

  it('a sign-in locked by wrong codes is the site’s doing, not a former admin’s', () => {
    expect(actorLabel({ action: 'account.second_step_locked', actor: null })).toBe('Kerbside');
    expect(actorLabel({ action: 'account.passkey_add', actor: { username: 'sam' } })).toBe('@sam');
    expect(actorLabel({ action: 'user.suspend', actor: null })).toBe('A former admin');
  });
});
