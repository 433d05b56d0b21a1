import { useId, useState } from 'react';
import type { TAdminMemberDetail } from '@common/contracts/admin';
import { TRUST_LEVEL_NAMES, TRUST_LEVELS, TRUST_MSG, clampLevel } from '@common/rules/trust';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useSetTrustLevel } from '../api/members';

const levelName = (n: number) => `${n} — ${TRUST_LEVEL_NAMES[clampLevel(n)]}`;

/** What the record says of the level: in force, computed, pinned (issue 28). */
export function trustSummary(m: TAdminMemberDetail): string {
  const { level, computed, pinned } = m.trust;
  const staff = m.isAdmin || m.isModerator ? ' · held to level 3’s allowances as staff' : '';
  return pinned === null ? `${levelName(level)} (from activity)${staff}` : `${levelName(level)} (pinned; activity says ${computed})${staff}`;
}

/**
 * An admin pins a member's trust level, or lets it follow their activity again: one select and Save.
 * The server audits it; the member's next request is held to it.
 */
export function MemberTrust({ member }: { member: TAdminMemberDetail }) {
  const id = useId();
  const current = member.trust.pinned === null ? 'auto' : String(member.trust.pinned);
  const [choice, setChoice] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetTrustLevel(member.id);
  const save = () => {
    const level = choice === 'auto' ? null : Number(choice);
    setError(null);
    mutation.mutate(level, {
      onSuccess: () => toast({ title: level === null ? TRUST_MSG.levelUnpinned : TRUST_MSG.levelPinned, variant: 'success' }),
      onError: (err) => setError(errorMessage(err)),
    });
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Pin trust level
      </label>
      <p className="text-sm text-muted">
        Computed hourly from visits, reading, writing, reactions received and upheld reports
        {member.trust.computedAt ? `; last checked ${formatDateTime(member.trust.computedAt, '—')}` : '; not computed yet'}.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <select id={id} value={choice} onChange={(e) => setChoice(e.target.value)} className={`${inputClasses} w-auto`}>
          <option value="auto">Follow activity (now {member.trust.computed})</option>
          {TRUST_LEVELS.map((n) => (
            <option key={n} value={String(n)}>
              {levelName(n)}
            </option>
          ))}
        </select>
        <Button variant="secondary" size="sm" onClick={save} disabled={mutation.isPending || choice === current}>
          {mutation.isPending ? 'Saving…' : 'Save trust level'}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
