/** The Share button's look, shared by the light placeholder and the lazily loaded menu's trigger. */
export const shareTriggerClasses = 'share-button';
