export const settingsKeys = {
  preferences: ['settings', 'preferences'] as const,
  guardrails: ['settings', 'guardrails'] as const,
  sessions: ['settings', 'sessions'] as const,
  plan: ['settings', 'plan'] as const,
  apiKeys: ['settings', 'api-keys'] as const,
};
