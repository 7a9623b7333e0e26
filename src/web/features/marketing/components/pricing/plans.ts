export interface Plan {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: readonly string[];
  cta: { label: string; to: string };
  highlighted?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    name: 'Free',
    price: '$0',
    period: '/mo',
    description: 'Try the signals and the heat map at no cost.',
    features: ['Up to 5 signals/month', 'Basic analysis', 'Email support', 'Limited API access'],
    cta: { label: 'Get Started', to: '/auth' },
  },
  {
    name: 'Pro',
    price: '$49',
    period: '/mo',
    description: 'For active traders who want every signal as it happens.',
    features: [
      'Unlimited signals',
      'Advanced AI analysis',
      'Priority support',
      'Full API access',
      'Referral bonuses',
    ],
    // Settings holds the upgrade; a visitor signs in first and comes back to it.
    cta: { label: 'Upgrade to Pro', to: '/settings#plan' },
    highlighted: true,
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    description: 'For desks and operators running HeatSignal for a team or on their own servers.',
    features: [
      'Everything in Pro',
      'Help with self-hosting and scaling',
      'Custom pairs and analysis settings',
      'Dedicated contact',
    ],
    cta: { label: 'Contact Us', to: '/contact' },
  },
];
