/** The Share button's look, shared by the light placeholder and the lazily loaded menu's trigger. */
export const shareTriggerClasses =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-2.5 font-semibold text-brand-900 hover:bg-brand-50 data-[state=open]:bg-brand-50';
