import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from '@/lib/cn';

type SwitchProps = {
  id?: string;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  className?: string;
};

/** An on/off switch (role="switch") on Radix: 44 px wide target, visible focus ring. */
export function Switch({ className, ...props }: SwitchProps) {
  return (
    <RadixSwitch.Root
      {...props}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-field transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800',
        'data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-70',
        className,
      )}
    >
      <RadixSwitch.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </RadixSwitch.Root>
  );
}
