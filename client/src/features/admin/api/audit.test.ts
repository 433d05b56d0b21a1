import { describe, expect, it } from 'vitest';
import { actionLabel } from './audit';

// The audit log's words for an admin's tag changes (issue 32): the entry then reads "@admin created tag #12".

describe('actionLabel for tags', () => {
  it.each([
    ['tag.create', 'created'],
    ['tag.update', 'edited'],
    ['tag.delete', 'deleted'],
  ])('%s reads "%s"', (action, label) => expect(actionLabel(action)).toBe(label));
});
