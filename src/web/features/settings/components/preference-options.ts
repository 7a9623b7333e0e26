import { POSITION_TYPES, preferenceRiskLevelSchema } from '../../../../contract/enums';
import { capitalize, formatPositionType } from '../../../lib/format';

export const RISK_LEVEL_OPTIONS = preferenceRiskLevelSchema.options.map((value) => ({
  value,
  label: capitalize(value),
}));

export const POSITION_TYPE_OPTIONS = POSITION_TYPES.map((value) => ({
  value,
  label: formatPositionType(value),
}));

export const NOTIFICATION_OPTIONS = [
  { name: 'newOffer', label: 'New offers' },
  { name: 'tradeClose', label: 'Trade closed' },
  { name: 'highRisk', label: 'High-risk offers' },
  { name: 'lowSuccess', label: 'Low success-rate offers' },
] as const;
