export const referralsKeys = {
  all: ['referrals'] as const,
  history: (page: number) => ['referrals', 'history', page] as const,
  leaderboard: ['referrals', 'leaderboard'] as const,
};

export const REFERRALS_PAGE_SIZE = 10;
