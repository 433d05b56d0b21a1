export type { TActionType as ActionType } from '@common/rules/analytics';

export type ActionData = Record<string, string | number | boolean | null | undefined>;
