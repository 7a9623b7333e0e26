import type { Me } from '../../../contract/account';
import { serverErrorMessage } from '../../lib/api-client';
import { useResendVerification } from '../../lib/auth/email-verification-api';
import { Button } from '../ui/button';

export const verifyBannerText = (user: Pick<Me, 'email' | 'emailVerificationRequired'>) =>
  user.emailVerificationRequired
    ? `Verify your email address to withdraw: open the link we mailed to ${user.email}.`
    : `Verify your email address: open the link we mailed to ${user.email}.`;
export const VERIFY_LINK_RESENT = 'A new link is on its way. It works within 24 hours.';

/** Shown above every signed-in screen until the user's address is verified. */
export function EmailVerificationBanner({ user }: { user: Me }) {
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  return (
    <div
      role="region"
      aria-label="Email verification"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-amber-700 bg-amber-950/60 px-4 py-3 text-sm text-amber-100"
    >
      <p className="flex-1">{verifyBannerText(user)}</p>
      {resend.isSuccess ? (
        <p role="status">{VERIFY_LINK_RESENT}</p>
      ) : (
        <Button
          variant="secondary"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() => resend.mutate(user.email)}
        >
          Send the link again
        </Button>
      )}
      {resend.isError ? (
        <p role="alert" className="w-full text-red-300">
          {serverErrorMessage(resend.error, 'Could not send the link')}
        </p>
      ) : null}
    </div>
  );
}
