import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { useAuth } from '../../../lib/auth/use-auth';

async function copyCode(code: string): Promise<void> {
  try {
    // Missing outside secure contexts, and refused without permission: both are a failed copy.
    await navigator.clipboard.writeText(code);
    toast.success('Referral code copied to clipboard');
  } catch {
    toast.error('Failed to copy code');
  }
}

/** The user's own code (from /api/me) and the link that stores it for a friend's sign-up. */
export function ReferralCodeCard() {
  const code = useAuth().user?.referralCode ?? '';
  const link = `${window.location.origin}/r/${encodeURIComponent(code)}`;
  return (
    <SectionCard title="Your Referral Code">
      <div className="flex flex-wrap items-center gap-3">
        <code
          className="rounded-lg border border-slate-600 bg-slate-900 px-4 py-2 font-mono text-2xl font-bold tracking-widest text-orange-300"
          data-testid="own-referral-code"
        >
          {code}
        </code>
        <Button variant="secondary" onClick={() => void copyCode(code)} disabled={!code}>
          Copy Code
        </Button>
      </div>
      <label htmlFor="referral-share-link" className="mt-5 block text-sm font-medium text-slate-200">
        Share link
      </label>
      <input
        id="referral-share-link"
        type="text"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-2 block w-full rounded-lg border border-slate-600 bg-slate-900 px-3 py-2.5 font-mono text-sm text-slate-300"
      />
      <p className="mt-2 text-xs text-slate-400">
        Friends who sign up through this link are referred by you; you earn points when they join and when
        they make their first deposit.
      </p>
    </SectionCard>
  );
}
